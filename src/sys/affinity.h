#pragma once
#include <sys/types.h>

#include <vector>

namespace schedlab::sys {

// CPUs the task `pid` (0 = the caller) may run on, sorted.  Sized for any
// number of CPUs (not limited to CPU_SETSIZE).  Throws SystemError.
std::vector<int> affinity_of(pid_t pid);

// CPUs currently online (/sys/devices/system/cpu/online), sorted.
std::vector<int> online_cpus();
// CPUs possible on this boot (/sys/devices/system/cpu/possible).
std::vector<int> possible_cpus();

// A cpu_set_t buffer for `cpus`, built before fork so that the child only
// calls sched_setaffinity (async-signal-safe).
class CpuMask {
 public:
  explicit CpuMask(const std::vector<int>& cpus);
  ~CpuMask();
  CpuMask(CpuMask&& other) noexcept;
  CpuMask(const CpuMask&) = delete;
  CpuMask& operator=(const CpuMask&) = delete;
  CpuMask& operator=(CpuMask&&) = delete;

  // sched_setaffinity(pid, mask); returns 0 or errno.  Async-signal-safe.
  int apply(pid_t pid) const noexcept;

 private:
  void* set_ = nullptr;
  std::size_t size_ = 0;
};

}  // namespace schedlab::sys
