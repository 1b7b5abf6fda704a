#pragma once
// Runs the real schedlab binary for integration tests and checks that it
// left nothing behind.  The test process is a child subreaper, so any
// orphaned descendant of schedlab is re-parented to it and seen here.
#include <sys/types.h>

#include <chrono>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "support/temp_dir.h"

namespace schedlab::testing {

struct Outcome {
  int status = -1;  // exit status, or 128 + signal
  std::string out, err;
};

class Schedlab {
 public:
  // Starts `prefix... SCHEDLAB_BIN args...` with stdout/stderr to temp files.
  explicit Schedlab(const std::vector<std::string>& args,
                    const std::vector<std::string>& prefix = {});
  ~Schedlab();
  pid_t pid() const { return pid_; }
  void signal(int sig) const;
  // Waits for the exit; kills it and fails after `limit` (a hang guard, not
  // a timing assertion).
  Outcome wait(std::chrono::seconds limit = std::chrono::seconds(120));

 private:
  pid_t pid_ = -1;
  std::string out_path_, err_path_;
};

Outcome run_schedlab(const std::vector<std::string>& args,
                     const std::vector<std::string>& prefix = {});

// Children of the test process (orphans of schedlab end up here) after
// reaping zombies; empty when nothing was left behind.
std::vector<pid_t> leftover_children();
// Processes anywhere whose command line starts with the worker's path.
std::vector<pid_t> running_workers();

// Every directory named schedlab-<pid> at the top of any cgroup hierarchy,
// except those of a live schedlab this process did not start (another
// worktree's tests on a shared machine).
std::vector<std::string> cgroups_left();
// Whether root's journal directory holds a journal (<pid>.json), except
// those of a live schedlab this process did not start.
bool journals_left();

// The prefix that runs schedlab as user nobody (after `before`, e.g.
// prlimit), with `runtime` as its XDG_RUNTIME_DIR: nobody's home does not
// exist, and journals go in a directory of the user's own.
std::vector<std::string> as_nobody(const TempDir& runtime, const std::vector<std::string>& before = {});

// User nobody, whom the unprivileged tests run as.
constexpr uid_t kNobodyUid = 65534;
// Root with setpriv, and the build tree reachable by user nobody.
bool can_switch_user();

// The whole of a file, empty when it cannot be read.
std::string slurp(const std::string& path);
nlohmann::json read_json(const std::string& path);
// Number of runs in the first set of a result file, 0 when unreadable.
int runs_in(const std::string& path);

}  // namespace schedlab::testing
