#include "integration/grid_support.h"

#include <signal.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <sstream>

#include <nlohmann/json.hpp>

#include "sys/exec_argv.h"

namespace schedlab::testing {

namespace fs = std::filesystem;

int run_program(const std::vector<std::string>& argv, std::string* output) {
  int fds[2];
  if (pipe(fds) != 0) return -1;
  const auto args = sys::exec_argv(argv);
  const pid_t pid = fork();
  if (pid == 0) {
    dup2(fds[1], 1);
    dup2(fds[1], 2);
    close(fds[0]);
    close(fds[1]);
    execvp(args[0], args.data());
    _exit(127);
  }
  close(fds[1]);
  std::string out;
  char buf[4096];
  for (ssize_t n; (n = read(fds[0], buf, sizeof buf)) > 0;) out.append(buf, static_cast<std::size_t>(n));
  close(fds[0]);
  int status = 0;
  waitpid(pid, &status, 0);
  if (output) *output = out;
  return WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
}

std::string grid_script(const std::string& name) { return std::string(SCHEDLAB_SOURCE_DIR) + "/tests/grid/" + name; }

std::string lava_log_of(const std::string& console, const std::vector<std::string>& extra) {
  std::string log;
  std::istringstream in(console);
  for (std::string line; std::getline(in, line);) {
    // LAVA 2023.01's ShellLogger writes every '"' of the console as '\"'.
    std::string logged;
    for (char c : line) logged += c == '"' ? std::string("\\\"") : std::string(1, c);
    log += nlohmann::json({{"dt", "2026-12-01T22:00:00.000000"}, {"lvl", "target"}, {"msg", logged}}).dump() + "\n";
  }
  for (const auto& record : extra) log += record + "\n";
  return log;
}

std::string lava_test_shell_bin(const std::string& dir) {
  const fs::path lava = "/usr/lib/python3/dist-packages/lava_dispatcher/lava_test_shell";
  fs::create_directories(dir);
  std::error_code ec;
  if (fs::exists(lava / "lava-test-case", ec)) {
    for (const char* name : {"lava-test-case", "lava-common-functions"}) {
      // LAVA fills in the interpreter line when it installs the scripts.
      std::ifstream in(lava / name);
      std::ofstream out(fs::path(dir) / name);
      out << "#!/bin/sh\n" << in.rdbuf();
    }
  } else {
    std::ofstream(fs::path(dir) / "lava-test-case")
        << "#!/bin/sh\n# A stand-in for LAVA's lava-test-case (lava-dispatcher is not installed).\n"
           "id=$1; shift; data=\"\"\n"
           "while [ $# -gt 0 ]; do case $1 in --result) data=\"$data RESULT=$2\";; --units) units=\"$2\";;\n"
           "  --measurement) m=\"$2\";; *) exit 1;; esac; shift 2; done\n"
           "[ -n \"$units\" ] && data=\"$data UNITS=$units\"; [ -n \"$m\" ] && data=\"$data MEASUREMENT=$m\"\n"
           "echo \"<LAVA_SIGNAL_TESTCASE TEST_CASE_ID=$id$data>\"\n";
  }
  for (const auto& entry : fs::directory_iterator(dir)) chmod(entry.path().c_str(), 0755);
  return dir;
}

}  // namespace schedlab::testing
