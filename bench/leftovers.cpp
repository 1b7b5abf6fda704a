#include "bench/leftovers.h"

#include <fmt/format.h>
#include <unistd.h>

#include <algorithm>
#include <filesystem>

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

}  // namespace bench
