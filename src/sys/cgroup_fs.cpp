#include "sys/cgroup_fs.h"

#include <fcntl.h>
#include <signal.h>
#include <sys/mount.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <chrono>
#include <cstdlib>
#include <cstring>
#include <thread>

#include "sys/proc_files.h"

namespace schedlab::sys {
namespace {

std::string members(const std::string& dir) {
  if (auto procs = read_text(dir + "/cgroup.procs")) return *procs;
  return read_text(dir + "/tasks").value_or("");
}

}  // namespace

int make_cgroup(const std::string& dir) { return mkdir(dir.c_str(), 0755) == 0 ? 0 : errno; }

std::uint64_t cgroup_id(const std::string& dir) noexcept {
  struct stat st {};
  return stat(dir.c_str(), &st) == 0 ? static_cast<std::uint64_t>(st.st_ino) : 0;
}

std::string remove_cgroup(const std::string& dir) noexcept {
  try {
    struct stat st;
    if (stat(dir.c_str(), &st) != 0) return "";  // already gone
    using namespace std::chrono_literals;
    const auto deadline = std::chrono::steady_clock::now() + 10s;
    for (;;) {
      const bool has_kill = access((dir + "/cgroup.kill").c_str(), F_OK) == 0;
      if (has_kill) write_text(dir + "/cgroup.kill", "1");
      for (const auto& pid : split(members(dir), "\n"))
        if (!has_kill) kill(static_cast<pid_t>(std::atol(pid.c_str())), SIGKILL);
      if (rmdir(dir.c_str()) == 0 || errno == ENOENT) return "";
      if (errno != EBUSY || std::chrono::steady_clock::now() > deadline)
        return "rmdir '" + dir + "' failed: " + std::strerror(errno);
      std::this_thread::sleep_for(10ms);  // killed tasks are still exiting
    }
  } catch (...) {
    return "remove '" + dir + "' failed";
  }
}

int join_cgroup_in_child(const char* procs_path) noexcept {
  const int fd = open(procs_path, O_WRONLY | O_CLOEXEC);
  if (fd < 0) return errno;
  const int err = write(fd, "0", 1) == 1 ? 0 : errno;
  close(fd);
  return err;
}

std::string unmount(const std::string& point) noexcept {
  if (umount(point.c_str()) == 0 || errno == EINVAL) return "";
  return "umount '" + point + "' failed: " + std::strerror(errno);
}

}  // namespace schedlab::sys
