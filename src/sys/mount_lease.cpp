#include "sys/mount_lease.h"

#include <fcntl.h>
#include <fmt/format.h>
#include <sys/file.h>
#include <sys/mount.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <filesystem>

#include "sys/cgroup_fs.h"
#include "sys/cgroup_layout.h"
#include "sys/proc_files.h"
#include "sys/unique_fd.h"

namespace schedlab::sys {
namespace {

namespace fs = std::filesystem;

constexpr const char* kOwner = "owner";

bool mounted_at(const MountLease& lease) {
  const auto points = find_mounts(read_text(lease.mountinfo).value_or(""), lease.fstype);
  return std::find(points.begin(), points.end(), lease.point) != points.end();
}

std::string user_name(pid_t pid) {
  return fmt::format("{}-{}", pid, start_time_of(pid).value_or(0));
}

bool user_alive(const std::string& name) {
  const auto dash = name.find('-');
  if (dash == std::string::npos) return false;
  try {
    const pid_t pid = static_cast<pid_t>(std::stol(name.substr(0, dash)));
    return user_name(pid) == name;
  } catch (const std::exception&) {
    return false;
  }
}

// Removes every user file whose process is gone, and ours when `drop_self`;
// returns how many live users remain.
int prune_users(const std::string& dir, bool drop_self) {
  const std::string self = user_name(getpid());
  int live = 0;
  std::error_code ec;
  for (const auto& entry : fs::directory_iterator(dir, ec)) {
    const std::string name = entry.path().filename().string();
    if (name == kOwner || name == ".lock") continue;
    if ((drop_self && name == self) || !user_alive(name)) fs::remove(entry.path(), ec);
    else ++live;
  }
  return live;
}

// The lease directory, created 0700, locked exclusively while held.  The
// last user removes the directory; a run that opened the lock file just
// before sees it unlinked once it gets the lock, and starts again.
class LockedLease {
 public:
  explicit LockedLease(const std::string& dir) : dir_(dir) {
    for (int attempt = 0; attempt < 100 && !fd_; ++attempt) {
      std::error_code ec;
      fs::create_directories(dir, ec);
      chmod(dir.c_str(), 0700);
      UniqueFd fd(open(lock_path().c_str(), O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW, 0600));
      if (!fd || flock(fd.get(), LOCK_EX) != 0) return;
      struct stat held {}, now {};
      if (fstat(fd.get(), &held) == 0 && stat(lock_path().c_str(), &now) == 0 && held.st_ino == now.st_ino)
        fd_ = std::move(fd);
    }
  }
  bool ok() const { return static_cast<bool>(fd_); }
  std::string path(const std::string& name) const { return dir_ + "/" + name; }
  // Removes the directory (and the parent of all leases, when empty) while
  // still holding the lock.
  void remove() {
    unlink(lock_path().c_str());
    rmdir(dir_.c_str());
    rmdir(fs::path(dir_).parent_path().c_str());
  }

 private:
  std::string lock_path() const { return dir_ + "/.lock"; }
  std::string dir_;
  UniqueFd fd_;  // closing it releases the lock
};

int mount_fs(const MountLease& lease) {
  const unsigned long flags = lease.fstype == "tracefs" ? MS_NOSUID | MS_NODEV | MS_NOEXEC : 0;
  return mount(lease.fstype.c_str(), lease.point.c_str(), lease.fstype.c_str(), flags, nullptr) == 0 ? 0 : errno;
}

bool touch(const std::string& path) {
  return UniqueFd(open(path.c_str(), O_WRONLY | O_CREAT | O_CLOEXEC | O_NOFOLLOW, 0600)).get() >= 0;
}

}  // namespace

std::string lease_dir(const std::string& leases, const std::string& point) {
  std::string name = point;
  std::replace(name.begin(), name.end(), '/', '%');
  return leases + "/" + name;
}

std::string acquire_mount_lease(const MountLease& lease) {
  LockedLease locked(lease_dir(lease.leases, lease.point));
  if (!locked.ok()) return fmt::format("locking the lease of {} failed: {}", lease.point, std::strerror(errno));
  prune_users(lease_dir(lease.leases, lease.point), false);
  bool mounted_now = false;
  if (!mounted_at(lease)) {
    if (const int err = mount_fs(lease); err != 0)
      return fmt::format("mounting {} at {} failed: {} (errno {})", lease.fstype, lease.point, std::strerror(err),
                         err);
    mounted_now = true;
  }
  if ((!mounted_now || touch(locked.path(kOwner))) && touch(locked.path(user_name(getpid())))) return "";
  const std::string why = std::strerror(errno);
  if (mounted_now) {  // nobody else can be using what we mounted a moment ago
    unmount(lease.point);
    unlink(locked.path(kOwner).c_str());
  }
  return fmt::format("recording the use of {} failed: {}", lease.point, why);
}

std::string release_mount_lease(const MountLease& lease) noexcept {
  try {
    const std::string dir = lease_dir(lease.leases, lease.point);
    if (!fs::exists(dir)) return "";
    LockedLease locked(dir);
    if (!locked.ok()) return fmt::format("locking the lease of {} failed: {}", lease.point, std::strerror(errno));
    if (prune_users(dir, true) > 0) return "";  // another live run uses it: the last one unmounts
    const bool ours = access(locked.path(kOwner).c_str(), F_OK) == 0;
    if (ours && mounted_at(lease))
      if (auto problem = unmount(lease.point); !problem.empty()) return problem;
    unlink(locked.path(kOwner).c_str());
    locked.remove();
    return "";
  } catch (const std::exception& e) {
    return fmt::format("releasing the lease of {} failed: {}", lease.point, e.what());
  }
}

}  // namespace schedlab::sys
