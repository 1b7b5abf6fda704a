#pragma once
#include <array>
#include <cstdint>
#include <map>
#include <string>

namespace schedlab::sys {

// Jiffies per state from one "cpu" line of /proc/stat.
struct CpuTimes {
  enum Field { kUser, kNice, kSystem, kIdle, kIowait, kIrq, kSoftirq, kSteal, kCount };
  std::array<std::uint64_t, kCount> ticks{};  // guest time is already inside user/nice
  std::uint64_t total() const;
  // Ticks not idle and not waiting for I/O.
  std::uint64_t busy() const { return total() - ticks[kIdle] - ticks[kIowait]; }
};

// Ticks per state from `before` to `after`.  A counter that went backwards
// (iowait can: the kernel moves it to idle when a CPU is found idle) gives 0
// for that state, never an unsigned wrap.
CpuTimes ticks_between(const CpuTimes& before, const CpuTimes& after);

// One snapshot of /proc/stat: the all-CPU line and every per-CPU line.
struct ProcStat {
  CpuTimes all;
  std::map<int, CpuTimes> per_cpu;
};

// Parses /proc/stat text (exposed for tests).
ProcStat parse_proc_stat(const std::string& text);
// Reads /proc/stat now; throws SystemError when it cannot be read.
ProcStat read_proc_stat();

}  // namespace schedlab::sys
