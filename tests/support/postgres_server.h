#pragma once
// A real PostgreSQL server for the store's tests, started by the test
// itself: initdb in a fresh temporary directory (as user nobody when the
// test runs as root, since initdb refuses root), trust authentication,
// listening only on a Unix socket in that directory.  The destructor stops
// it (immediate mode) and removes the directory, on every path out of a
// test.  When the Debian postgresql binaries are missing, available() is
// false and why_not() says so (tests skip with it: SCHEDLAB_SKIP(kPostgres)).
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <string>
#include <vector>

#include "support/temp_dir.h"
#include "sys/exec_argv.h"

namespace schedlab::testing {

class PostgresServer {
 public:
  PostgresServer() {
    bin_ = find_bin();
    if (bin_.empty()) {
      why_not_ =
          "no PostgreSQL server binaries (/usr/lib/postgresql/*/bin/initdb; Debian package "
          "postgresql: scripts/deps --test installs it)";
      return;
    }
    if (run({bin_ + "/initdb", "-D", data(), "-A", "trust", "-U", "schedlab", "--no-sync", "-E", "UTF8",
             "--locale=C"}) != 0) {
      why_not_ = "initdb failed: " + dir_.read("server.log");
      return;
    }
    start();
  }
  ~PostgresServer() { stop(); }
  PostgresServer(const PostgresServer&) = delete;
  PostgresServer& operator=(const PostgresServer&) = delete;

  bool available() const { return running_; }
  const std::string& why_not() const { return why_not_; }

  // The URL of `database` on this server.
  std::string url(const std::string& database = "postgres") const {
    return "postgresql:///" + database + "?host=" + dir_.path() + "&user=schedlab";
  }
  // Stops the server at once, as a crash or a lost host would (no clean
  // shutdown of the clients' sessions).  Idempotent.
  void stop() {
    if (running_) run({bin_ + "/pg_ctl", "-D", data(), "-m", "immediate", "-w", "stop"});
    running_ = false;
  }
  void start() {
    // The server writes its own log (as its own user); ours is server.log.
    running_ = run({bin_ + "/pg_ctl", "-D", data(), "-l", dir_.file("postgres.log"), "-w", "-o",
                    "-k " + dir_.path() + " -c listen_addresses= -c fsync=off", "start"}) == 0;
    if (!running_) why_not_ = "pg_ctl start failed: " + dir_.read("server.log") + dir_.read("postgres.log");
  }

 private:
  std::string data() const { return dir_.file("data"); }

  static std::string find_bin() {
    if (const char* env = std::getenv("SCHEDLAB_PG_BIN")) return env;
    std::vector<std::string> found;
    std::error_code ec;
    for (const auto& e : std::filesystem::directory_iterator("/usr/lib/postgresql", ec))
      if (std::filesystem::exists(e.path() / "bin/initdb")) found.push_back((e.path() / "bin").string());
    std::sort(found.begin(), found.end());  // one installed version in practice; the last otherwise
    return found.empty() ? "" : found.back();
  }

  // Runs a server program, as nobody when we are root; its output goes to
  // server.log.  Returns the exit status.
  int run(std::vector<std::string> argv) const {
    if (geteuid() == 0)
      argv.insert(argv.begin(), {"setpriv", "--reuid=65534", "--regid=65534", "--clear-groups"});
    const std::string log = dir_.file("server.log");
    const auto args = sys::exec_argv(argv);
    const pid_t pid = fork();
    if (pid == 0) {
      if (!freopen(log.c_str(), "a", stdout) || !freopen(log.c_str(), "a", stderr)) _exit(126);
      execvp(args[0], args.data());
      _exit(127);
    }
    int status = 0;
    waitpid(pid, &status, 0);
    return WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
  }

  TempDir dir_;  // destroyed after stop(): the server is gone before its files
  std::string bin_, why_not_;
  bool running_ = false;
};

}  // namespace schedlab::testing
