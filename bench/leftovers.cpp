#include "bench/leftovers.h"

#include <fcntl.h>
#include <fmt/format.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cstring>
#include <filesystem>
#include <stdexcept>
#include <thread>

#include "sys/exec_argv.h"
#include "sys/proc_files.h"

namespace bench {

namespace fs = std::filesystem;

std::vector<std::string> processes_where(const std::function<bool(const std::string& exe)>& wanted) {
  std::vector<std::string> found;
  schedlab::sys::for_each_pid([&](pid_t pid) {
    std::error_code ec;
    const auto exe = fs::read_symlink(fmt::format("/proc/{}/exe", pid), ec).string();
    if (!ec && wanted(exe)) found.push_back(fmt::format("process {} ({})", pid, exe));
  });
  return found;
}

std::vector<std::string> schedlab_cgroups() {
  std::vector<std::string> found;
  std::error_code ec;
  // Cgroup trees are shallow and small; a full walk also finds a chain made
  // under another --cgroup-parent.  Directories vanish while we walk.
  const auto options = fs::directory_options::skip_permission_denied;
  for (auto it = fs::recursive_directory_iterator("/sys/fs/cgroup", options, ec);
       !ec && it != fs::recursive_directory_iterator(); it.increment(ec)) {
    if (!it->is_directory(ec) || it->is_symlink(ec)) continue;
    if (it->path().filename().string().rfind("schedlab", 0) == 0) {
      found.push_back("cgroup " + it->path().string());
      it.disable_recursion_pending();
    }
  }
  return found;
}

std::vector<std::string> journals_in(const std::string& dir) {
  std::vector<std::string> found;
  std::error_code ec;
  for (const auto& entry : fs::directory_iterator(dir, ec)) found.push_back("journal " + entry.path().string());
  return found;
}

std::string read_sysctl(const std::string& key) {
  std::string path = key;
  std::replace(path.begin(), path.end(), '.', '/');
  return schedlab::sys::read_line("/proc/sys/" + path).value_or("");
}

std::vector<std::string> changed_sysctls(const std::map<std::string, std::string>& expected) {
  std::vector<std::string> found;
  for (const auto& [key, value] : expected)
    if (const auto now = read_sysctl(key); now != value)
      found.push_back(fmt::format("sysctl {} is {}, was {}", key, now, value));
  return found;
}

pid_t start_schedlab(const std::vector<std::string>& args, const std::string& stderr_path) {
  posix_spawn_file_actions_t files;
  posix_spawn_file_actions_init(&files);
  posix_spawn_file_actions_addopen(&files, 1, "/dev/null", O_WRONLY, 0);
  posix_spawn_file_actions_addopen(&files, 2, stderr_path.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0600);
  const auto argv = schedlab::sys::exec_argv(args);
  pid_t pid = 0;
  const int err = posix_spawn(&pid, argv[0], &files, nullptr, argv.data(), environ);
  posix_spawn_file_actions_destroy(&files);
  if (err != 0) throw std::runtime_error(fmt::format("cannot start {}: {}", args[0], std::strerror(err)));
  return pid;
}

std::optional<int> ended_before(pid_t pid, std::chrono::steady_clock::time_point deadline) {
  for (int status = 0; std::chrono::steady_clock::now() < deadline;
       std::this_thread::sleep_for(std::chrono::milliseconds(2)))
    if (waitpid(pid, &status, WNOHANG) == pid) return status;
  return std::nullopt;
}

std::string describe_status(int status) {
  if (WIFSIGNALED(status)) return fmt::format("killed by SIG{}", sigabbrev_np(WTERMSIG(status)));
  return fmt::format("exit {}", WEXITSTATUS(status));
}

}  // namespace bench
