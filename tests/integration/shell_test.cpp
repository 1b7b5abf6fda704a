// The shell workload through the real binary: loops complete, scratch
// directories are removed, nothing is left running, the exec count per loop
// matches what the pipeline really does.
#include <fmt/format.h>
#include <gtest/gtest.h>
#include <signal.h>
#include <unistd.h>

#include <filesystem>
#include <thread>

#include "integration/harness.h"
#include "support/skip.h"
#include "sys/proc_files.h"

namespace schedlab::testing {
namespace {

using namespace std::chrono_literals;
namespace fs = std::filesystem;

std::vector<std::string> scratch_dirs() {
  std::vector<std::string> found;
  const char* tmp = std::getenv("TMPDIR");
  for (const auto& e : fs::directory_iterator(tmp && *tmp ? tmp : "/tmp"))
    if (e.path().filename().string().rfind("schedlab-shell-", 0) == 0) found.push_back(e.path());
  return found;
}

nlohmann::json run_shell(const std::vector<std::string>& extra, TempDir& dir, const char* duration = "1s") {
  std::vector<std::string> args = {"run", "shell", "--copies", "2", "--duration", duration, "--runs", "2",
                                   "--json", dir.file("r.json")};
  args.insert(args.end(), extra.begin(), extra.end());
  const Outcome o = run_schedlab(args);
  EXPECT_EQ(o.status, 0) << o.err;
  EXPECT_TRUE(scratch_dirs().empty());
  EXPECT_TRUE(leftover_children().empty());
  EXPECT_TRUE(running_workers().empty());
  return read_json(dir.file("r.json"))["sets"][0];
}

}  // namespace

TEST(Shell, Shell1AndShell8WithTwoCopies) {
  for (const char* concurrent : {"1", "8"}) {
    TempDir dir;
    // 16 scripts at once: one loop took over 1 s at load 6 (a window with
    // no loop completed is an error, rightly), so shell8 gets 3 s.
    const auto set = run_shell({"--concurrent", concurrent}, dir, concurrent[0] == '8' ? "3s" : "1s");
    EXPECT_EQ(set["workload"]["primary_metric"], "lpm");
    EXPECT_EQ(set["workload"]["params"]["locale"], "en_US.utf8") << "UnixBench's LANG";
    EXPECT_TRUE(set["workload"]["params"]["locale_installed"].is_boolean());
    EXPECT_FALSE(set["workload"]["params"]["shell_resolved"].get<std::string>().empty());
    for (const auto& run : set["runs"]) {
      EXPECT_GT(run["values"]["lpm"].get<double>(), 0);
      EXPECT_GT(run["values"]["loops"].get<double>(), 0);
      EXPECT_EQ(run["values"]["execs_per_loop"], 1 + 8 * std::stoi(concurrent));
    }
  }
}

TEST(Shell, SharedDirectoryAndAnotherShell) {
  if (access("/bin/bash", X_OK) != 0) SCHEDLAB_SKIP(kTools) << "no /bin/bash";
  TempDir dir;
  const auto set = run_shell({"--concurrent", "2", "--shared-dir", "--shell", "/bin/bash"}, dir);
  EXPECT_EQ(set["workload"]["params"]["shared-dir"], true);
  EXPECT_NE(set["workload"]["params"]["shell_resolved"].get<std::string>().find("bash"),
            std::string::npos);
  EXPECT_GT(set["runs"][0]["values"]["lpm"].get<double>(), 0);
}

TEST(Shell, ExecsPerLoopMatchesWhatStraceCounts) {
  if (access("/usr/bin/strace", X_OK) != 0) SCHEDLAB_SKIP(kTools) << "needs strace";
  const std::string data = SCHEDLAB_SOURCE_DIR "/data/shell/";
  for (int concurrent : {1, 3}) {
    TempDir dir;
    const std::string command =
        fmt::format("cd {} && strace -f -qq -e trace=execve -o trace.txt /bin/sh {}driver.sh {} /bin/sh {}script.sh {}input.txt",
                    dir.path(), data, concurrent, data, data);
    ASSERT_EQ(system(command.c_str()), 0);
    int execs = 0;
    for (const auto& line : sys::split(sys::read_text(dir.file("trace.txt")).value_or(""), "\n"))
      execs += line.find("execve(") != std::string::npos && line.find("= -1") == std::string::npos;
    EXPECT_EQ(execs, 1 + 8 * concurrent) << "the driver's shell plus 8 per script instance";
  }
}

TEST(Shell, BadInputIsRefusedBeforeAnythingRuns) {
  for (const auto& [args, fragment] : std::vector<std::pair<std::vector<std::string>, std::string>>{
           {{"--concurrent", "0"}, "--concurrent '0': expected a whole number from 1"},
           {{"--shell", "/nonexistent/sh"}, "--shell '/nonexistent/sh': expected an executable"},
           {{"--shell", "/etc/passwd"}, "--shell '/etc/passwd': expected an executable"}}) {
    std::vector<std::string> full = {"run", "shell", "--runs", "1", "--duration", "200ms"};
    full.insert(full.end(), args.begin(), args.end());
    const Outcome o = run_schedlab(full);
    EXPECT_EQ(o.status, 2) << o.err;
    EXPECT_NE(o.err.find(fragment), std::string::npos) << o.err;
    EXPECT_TRUE(scratch_dirs().empty());
  }
}

TEST(Shell, TooManyCopiesForTheLimitIsRefused) {
  if (geteuid() != 0 || access("/usr/bin/setpriv", X_OK) != 0)
    SCHEDLAB_SKIP(kNobody) << "needs root and setpriv";
  const std::string probe = std::string("setpriv --reuid=65534 --regid=65534 --clear-groups test -x ") +
                            SCHEDLAB_BIN + " 2>/dev/null";
  if (system(probe.c_str()) != 0)
    SCHEDLAB_SKIP(kNobody) << "the build tree is not readable by nobody";
  const Outcome o = run_schedlab({"run", "shell", "--copies", "448", "--concurrent", "8"},
                                 {"prlimit", "--nproc=4096", "setpriv", "--reuid=65534",
                                  "--regid=65534", "--clear-groups"});
  EXPECT_EQ(o.status, 2) << o.err;
  EXPECT_NE(o.err.find("448 copies need 15232 processes (34 per copy)"), std::string::npos) << o.err;
  EXPECT_NE(o.err.find("RLIMIT_NPROC"), std::string::npos) << o.err;
}

TEST(Shell, CtrlCStopsAManyCopyRunAndLeavesNothing) {
  TempDir dir;
  Schedlab s({"run", "shell", "--copies", "32", "--concurrent", "8", "--duration", "60s", "--runs",
              "1", "--json", dir.file("r.json")});
  const auto deadline = std::chrono::steady_clock::now() + 60s;
  while (running_workers().size() < 32 && std::chrono::steady_clock::now() < deadline)
    std::this_thread::sleep_for(20ms);
  std::this_thread::sleep_for(500ms);  // let loops get going
  s.signal(SIGINT);
  const Outcome o = s.wait();
  EXPECT_EQ(o.status, 130) << o.err;
  EXPECT_TRUE(running_workers().empty());
  EXPECT_TRUE(leftover_children().empty());
  EXPECT_TRUE(scratch_dirs().empty());
  bool scripts_left = false;
  sys::for_each_pid([&](pid_t pid) {
    auto cmdline = sys::read_text("/proc/" + std::to_string(pid) + "/cmdline").value_or("");
    scripts_left |= cmdline.find("schedlab-shell-") != std::string::npos;
  });
  EXPECT_FALSE(scripts_left) << "a script of the run is still running";
}

}  // namespace schedlab::testing
