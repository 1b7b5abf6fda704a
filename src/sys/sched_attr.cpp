#include "sys/sched_attr.h"

#include <sched.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>

namespace schedlab::sys {
namespace {

// The kernel's struct sched_attr (include/uapi/linux/sched/types.h); glibc
// 2.36 has no wrapper.
struct KernelSchedAttr {
  std::uint32_t size;
  std::uint32_t sched_policy;
  std::uint64_t sched_flags;
  std::int32_t sched_nice;
  std::uint32_t sched_priority;
  std::uint64_t sched_runtime, sched_deadline, sched_period;
  std::uint32_t sched_util_min, sched_util_max;
};

}  // namespace

int set_sched_attr(pid_t pid, const SchedAttr& attr) noexcept {
  KernelSchedAttr k{};
  k.size = sizeof k;
  k.sched_policy = attr.policy;
  k.sched_nice = attr.nice;
  k.sched_priority = attr.priority;
  return syscall(SYS_sched_setattr, pid, &k, 0) == 0 ? 0 : errno;
}

std::optional<SchedAttr> get_sched_attr(pid_t pid) {
  KernelSchedAttr k{};
  if (syscall(SYS_sched_getattr, pid, &k, sizeof k, 0) != 0) return std::nullopt;
  return SchedAttr{k.sched_policy, k.sched_priority, k.sched_nice};
}

int probe_sched_attr(const SchedAttr& attr) {
  const pid_t pid = fork();
  if (pid == 0) _exit(set_sched_attr(0, attr));
  if (pid < 0) return errno;
  int status = 0;
  if (waitpid(pid, &status, 0) < 0) return errno;
  return WIFEXITED(status) ? WEXITSTATUS(status) : EIO;
}

const char* policy_name(std::uint32_t policy) {
  switch (policy) {
    case SCHED_OTHER: return "other";
    case SCHED_BATCH: return "batch";
    case SCHED_IDLE: return "idle";
    case SCHED_FIFO: return "fifo";
    case SCHED_RR: return "rr";
    default: return "unknown";
  }
}

}  // namespace schedlab::sys
