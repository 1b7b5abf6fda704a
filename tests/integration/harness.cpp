#include "integration/harness.h"

#include <fcntl.h>
#include <gtest/gtest.h>
#include <signal.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <optional>
#include <sstream>
#include <thread>

#include "sys/cgroup_layout.h"
#include "sys/exec_argv.h"
#include "sys/proc_files.h"

namespace schedlab::testing {
namespace {

// Whether `name` ("schedlab-<pid>...", "<pid>.json") belongs to another
// schedlab that is still running and was not started by this test process
// (a second worktree's tests on a shared machine): not ours to judge.  A
// run this process started (its child: the harness is a subreaper) counts,
// alive or not, and so does anything whose owner is gone.
bool foreign_and_alive(const std::string& name) {
  const auto digits = name.find_first_of("0123456789");
  if (digits == std::string::npos) return false;
  const pid_t pid = static_cast<pid_t>(std::strtol(name.c_str() + digits, nullptr, 10));
  return pid > 0 && pid != getpid() && kill(pid, 0) == 0 && sys::parent_of(pid) != getpid();
}

// Registered once: makes the test binary a subreaper before any test runs,
// and points the default result store (XDG_DATA_HOME) at a directory of
// its own, so the runs of the tests never land in the user's history.
class SubreaperEnvironment : public ::testing::Environment {
 public:
  void SetUp() override {
    ASSERT_EQ(prctl(PR_SET_CHILD_SUBREAPER, 1), 0);
    data_.emplace();
    setenv("XDG_DATA_HOME", data_->path().c_str(), 1);
    unsetenv("SCHEDLAB_STORE");
  }
  void TearDown() override { data_.reset(); }  // gtest never deletes an environment

 private:
  std::optional<TempDir> data_;
};
const auto* const kEnv = ::testing::AddGlobalTestEnvironment(new SubreaperEnvironment);

}  // namespace

std::string slurp(const std::string& path) {
  std::ifstream in(path);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

Schedlab::Schedlab(const std::vector<std::string>& args, const std::vector<std::string>& prefix) {
  static int counter = 0;
  const std::string base = "/tmp/schedlab-it-" + std::to_string(getpid()) + "-" + std::to_string(counter++);
  out_path_ = base + ".out";
  err_path_ = base + ".err";
  std::vector<std::string> argv = prefix;
  argv.push_back(SCHEDLAB_BIN);
  argv.insert(argv.end(), args.begin(), args.end());
  const auto cargv = sys::exec_argv(argv);
  pid_ = fork();
  if (pid_ == 0) {
    int out = open(out_path_.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
    int err = open(err_path_.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
    dup2(out, 1);
    dup2(err, 2);
    execvp(cargv[0], cargv.data());
    _exit(127);
  }
}

Schedlab::~Schedlab() {
  if (pid_ > 0) {
    kill(pid_, SIGKILL);
    waitpid(pid_, nullptr, 0);
  }
  unlink(out_path_.c_str());
  unlink(err_path_.c_str());
}

void Schedlab::signal(int sig) const { kill(pid_, sig); }

Outcome Schedlab::wait(std::chrono::seconds limit) {
  Outcome o;
  int status = 0;
  const auto deadline = std::chrono::steady_clock::now() + limit;
  while (waitpid(pid_, &status, WNOHANG) == 0) {
    if (std::chrono::steady_clock::now() > deadline) {
      kill(pid_, SIGKILL);
      waitpid(pid_, &status, 0);
      ADD_FAILURE() << "schedlab did not finish; killed";
      break;
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
  }
  pid_ = -1;
  o.status = WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
  o.out = slurp(out_path_);
  o.err = slurp(err_path_);
  return o;
}

Outcome run_schedlab(const std::vector<std::string>& args, const std::vector<std::string>& prefix) {
  return Schedlab(args, prefix).wait();
}

std::vector<pid_t> leftover_children() {
  while (waitpid(-1, nullptr, WNOHANG) > 0) {
  }
  std::vector<pid_t> children;
  const pid_t self = getpid();
  sys::for_each_pid([&](pid_t pid) {
    if (sys::parent_of(pid) == self) children.push_back(pid);
  });
  return children;
}

std::vector<pid_t> running_workers() {
  const std::string worker =
      (std::filesystem::path(SCHEDLAB_BIN).parent_path() / "schedlab-worker").string();
  std::vector<pid_t> found;
  sys::for_each_pid([&](pid_t pid) {
    auto cmdline = sys::read_text("/proc/" + std::to_string(pid) + "/cmdline");
    if (cmdline && cmdline->rfind(worker, 0) == 0) found.push_back(pid);
  });
  return found;
}

std::vector<std::string> as_nobody(const TempDir& runtime, const std::vector<std::string>& before) {
  std::vector<std::string> prefix = {"env", "XDG_RUNTIME_DIR=" + runtime.path()};
  prefix.insert(prefix.end(), before.begin(), before.end());
  prefix.insert(prefix.end(), {"setpriv", "--reuid=65534", "--regid=65534", "--clear-groups"});
  return prefix;
}

bool can_switch_user() {
  if (geteuid() != 0 || access("/usr/bin/setpriv", X_OK) != 0) return false;
  const std::string probe = std::string("setpriv --reuid=65534 --regid=65534 --clear-groups test -x ") +
                            SCHEDLAB_BIN + " 2>/dev/null";
  return system(probe.c_str()) == 0;
}

nlohmann::json read_json(const std::string& path) {
  std::ifstream in(path);
  return nlohmann::json::parse(in);
}

int runs_in(const std::string& path) {
  try {
    return static_cast<int>(read_json(path)["sets"][0]["runs"].size());
  } catch (...) {
    return 0;
  }
}

std::vector<std::string> cgroups_left() {
  namespace fs = std::filesystem;
  std::vector<std::string> left;
  const auto layout = sys::read_cgroup_layout();
  std::vector<std::string> roots;
  if (layout.v2_mount) roots.push_back(*layout.v2_mount);
  for (const auto& [controller, mount] : layout.v1_mounts) roots.push_back(mount);
  for (const auto& root : roots) {
    std::error_code ec;
    for (const auto& e : fs::directory_iterator(root, ec))
      if (e.is_directory() && e.path().filename().string().rfind("schedlab-", 0) == 0 &&
          !foreign_and_alive(e.path().filename().string()))
        left.push_back(e.path().string());
  }
  return left;
}

bool journals_left() {
  std::error_code ec;
  for (const auto& e : std::filesystem::directory_iterator("/run/schedlab", ec)) {
    const std::string name = e.path().filename().string();
    if (e.path().extension() == ".json" && !foreign_and_alive(name)) return true;
  }
  return false;
}

}  // namespace schedlab::testing
