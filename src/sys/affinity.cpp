#include "sys/affinity.h"

#include <sched.h>

#include <cerrno>
#include <string>
#include <utility>

#include "core/cpu_list.h"
#include "core/error.h"
#include "sys/proc_files.h"

namespace schedlab::sys {
namespace {

int max_cpus() {
  auto possible = possible_cpus();
  return possible.empty() ? 8192 : possible.back() + 1;
}

std::vector<int> cpus_from_sysfs(const char* path) {
  auto line = read_line(path);
  if (!line || line->empty()) return {};
  return parse_cpu_list(path, *line);
}

}  // namespace

std::vector<int> online_cpus() { return cpus_from_sysfs("/sys/devices/system/cpu/online"); }
std::vector<int> possible_cpus() { return cpus_from_sysfs("/sys/devices/system/cpu/possible"); }

std::vector<int> affinity_of(pid_t pid) {
  // Grow the set until the kernel accepts its size (EINVAL means too small).
  for (int n = std::max(max_cpus(), 1024);; n *= 2) {
    cpu_set_t* set = CPU_ALLOC(n);
    const size_t size = CPU_ALLOC_SIZE(n);
    CPU_ZERO_S(size, set);
    if (sched_getaffinity(pid, size, set) == 0) {
      std::vector<int> cpus;
      for (int c = 0; c < n; ++c)
        if (CPU_ISSET_S(c, size, set)) cpus.push_back(c);
      CPU_FREE(set);
      return cpus;
    }
    const int err = errno;
    CPU_FREE(set);
    if (err != EINVAL || n > (1 << 20))
      throw SystemError("affinity: sched_getaffinity", "pid " + std::to_string(pid), err);
  }
}

CpuMask::CpuMask(const std::vector<int>& cpus) {
  const int n = std::max(max_cpus(), cpus.empty() ? 1 : cpus.back() + 1);
  auto* set = CPU_ALLOC(n);
  size_ = CPU_ALLOC_SIZE(n);
  CPU_ZERO_S(size_, set);
  for (int c : cpus) CPU_SET_S(c, size_, set);
  set_ = set;
}

CpuMask::~CpuMask() {
  if (set_) CPU_FREE(static_cast<cpu_set_t*>(set_));
}

CpuMask::CpuMask(CpuMask&& other) noexcept
    : set_(std::exchange(other.set_, nullptr)), size_(other.size_) {}

int CpuMask::apply(pid_t pid) const noexcept {
  return sched_setaffinity(pid, size_, static_cast<const cpu_set_t*>(set_)) == 0 ? 0 : errno;
}

}  // namespace schedlab::sys
