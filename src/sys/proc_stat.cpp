#include "sys/proc_stat.h"

#include <cerrno>
#include <cstdlib>
#include <numeric>

#include "core/error.h"
#include "sys/proc_files.h"

namespace schedlab::sys {

std::uint64_t CpuTimes::total() const {
  return std::accumulate(ticks.begin(), ticks.end(), std::uint64_t{0});
}

CpuTimes ticks_between(const CpuTimes& before, const CpuTimes& after) {
  CpuTimes d;
  for (size_t f = 0; f < d.ticks.size(); ++f)
    d.ticks[f] = after.ticks[f] > before.ticks[f] ? after.ticks[f] - before.ticks[f] : 0;
  return d;
}

ProcStat parse_proc_stat(const std::string& text) {
  ProcStat out;
  for (const auto& line : split(text, "\n")) {
    if (line.rfind("cpu", 0) != 0) continue;
    auto fields = split(line, " ");
    CpuTimes t;
    for (size_t i = 0; i < CpuTimes::kCount && i + 1 < fields.size(); ++i)
      t.ticks[i] = std::strtoull(fields[i + 1].c_str(), nullptr, 10);
    if (fields[0] == "cpu") out.all = t;
    else out.per_cpu[std::atoi(fields[0].c_str() + 3)] = t;
  }
  return out;
}

ProcStat read_proc_stat() {
  return parse_proc_stat(read_text_or_throw("proc-stat: read", "/proc/stat"));
}

}  // namespace schedlab::sys
