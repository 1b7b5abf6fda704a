#include "sys/perf_event.h"

#include <fmt/format.h>
#include <linux/perf_event.h>
#include <sys/resource.h>
#include <sys/syscall.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>

#include "sys/proc_files.h"

namespace schedlab::sys {
namespace {

constexpr std::uint64_t kReadFormat =
    PERF_FORMAT_GROUP | PERF_FORMAT_TOTAL_TIME_ENABLED | PERF_FORMAT_TOTAL_TIME_RUNNING;

// Kernel mode stays counted (exclude_kernel = 0): with it excluded the
// context-switch and migration events read 0, since they fire in the
// scheduler (reference/probes.md §1.6).
int open_event(const PerfEventSpec& spec, pid_t tid, int group_fd, bool inherit) {
  perf_event_attr attr{};
  attr.size = sizeof attr;
  attr.type = spec.type;
  attr.config = spec.config;
  attr.read_format = kReadFormat;
  attr.inherit = inherit ? 1 : 0;
  attr.exclude_hv = spec.type == PERF_TYPE_HARDWARE ? 1 : 0;
  return static_cast<int>(
      syscall(SYS_perf_event_open, &attr, tid, -1, group_fd, PERF_FLAG_FD_CLOEXEC));
}

}  // namespace

int PerfGroup::open(pid_t tid, const std::vector<PerfEventSpec>& specs) {
  fds_.clear();
  for (const auto& spec : specs) {
    const int fd = open_event(spec, tid, fds_.empty() ? -1 : fds_.front().get(), true);
    if (fd < 0) {
      const int err = errno;
      fds_.clear();
      return err;
    }
    fds_.emplace_back(fd);
  }
  return 0;
}

std::optional<PerfGroupReading> PerfGroup::read() const {
  if (fds_.empty()) {
    errno = EBADF;
    return std::nullopt;
  }
  // nr, time_enabled, time_running, then one value per member.
  std::vector<std::uint64_t> buf(3 + fds_.size());
  const ssize_t want = static_cast<ssize_t>(buf.size() * sizeof(std::uint64_t));
  if (::read(fds_.front().get(), buf.data(), static_cast<size_t>(want)) != want) {
    if (errno == 0) errno = EIO;
    return std::nullopt;
  }
  PerfGroupReading r;
  r.enabled_ns = buf[1];
  r.running_ns = buf[2];
  r.values.assign(buf.begin() + 3, buf.end());
  return r;
}

int probe_perf_event(const PerfEventSpec& spec) {
  const int fd = open_event(spec, 0, -1, false);
  if (fd < 0) return errno;
  close(fd);
  return 0;
}

std::string describe_perf_refusal(int err, const std::string& what, const std::string& paranoid_path) {
  std::string base = fmt::format("perf_event_open({}) failed: {} (errno {})", what, std::strerror(err), err);
  if (err == ENOENT || err == EOPNOTSUPP || err == ENODEV)
    return base + ": the kernel offers no such event here (no hardware PMU, as in most VMs)";
  if (err == EACCES || err == EPERM) {
    const auto level = read_line(paranoid_path);
    return base + fmt::format(": kernel.perf_event_paranoid is {}; counting the kernel side needs "
                              "CAP_PERFMON or a level of 1 or less",
                              level.value_or("unreadable"));
  }
  if (err == ENOSYS) return base + ": this kernel is built without perf events";
  return base;
}

std::uint64_t ensure_fd_limit(std::uint64_t needed) {
  rlimit lim{};
  if (getrlimit(RLIMIT_NOFILE, &lim) != 0) return 0;
  if (lim.rlim_cur >= needed) return lim.rlim_cur;
  lim.rlim_cur = std::min<rlim_t>(needed, lim.rlim_max);
  setrlimit(RLIMIT_NOFILE, &lim);
  getrlimit(RLIMIT_NOFILE, &lim);
  return lim.rlim_cur;
}

}  // namespace schedlab::sys
