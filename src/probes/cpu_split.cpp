#include "probes/cpu_split.h"

namespace schedlab {
namespace {

struct StateName {
  sys::CpuTimes::Field field;
  const char* name;
  const char* what;
};

constexpr StateName kStates[] = {
    {sys::CpuTimes::kUser, "user_pct", "user time (us)"},
    {sys::CpuTimes::kNice, "nice_pct", "niced user time (ni)"},
    {sys::CpuTimes::kSystem, "sys_pct", "system time (sy)"},
    {sys::CpuTimes::kIdle, "idle_pct", "idle time (id)"},
    {sys::CpuTimes::kIowait, "iowait_pct", "I/O wait (wa)"},
    {sys::CpuTimes::kIrq, "irq_pct", "hard interrupts (hi)"},
    {sys::CpuTimes::kSoftirq, "softirq_pct", "soft interrupts (si)"},
    {sys::CpuTimes::kSteal, "steal_pct", "stolen by the hypervisor (st)"},
};

}  // namespace

void add_cpu_split(const std::string& prefix, const sys::CpuTimes& before,
                   const sys::CpuTimes& after, MetricValues& values) {
  const sys::CpuTimes d = sys::ticks_between(before, after);
  const double total = static_cast<double>(d.total());
  for (const auto& s : kStates) {
    const double delta = static_cast<double>(d.ticks[s.field]);
    values.set(prefix + s.name, total > 0 ? delta / total * 100 : 0);
  }
}

sys::CpuTimes sum_cpus(const sys::ProcStat& stat, const std::vector<int>& cpus) {
  sys::CpuTimes sum;
  for (int cpu : cpus) {
    auto it = stat.per_cpu.find(cpu);
    if (it == stat.per_cpu.end()) continue;
    for (size_t f = 0; f < sum.ticks.size(); ++f) sum.ticks[f] += it->second.ticks[f];
  }
  return sum;
}

std::vector<MetricSpec> cpu_split_metrics(const std::string& prefix, const std::string& scope) {
  std::vector<MetricSpec> specs;
  for (const auto& s : kStates)
    specs.push_back({prefix + s.name, "%", Better::kLower,
                     std::string(s.what) + " share of " + scope + " over the window"});
  return specs;
}

}  // namespace schedlab
