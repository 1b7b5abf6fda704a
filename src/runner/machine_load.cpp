#include "runner/machine_load.h"

#include <algorithm>
#include <cstdlib>

#include "input/files.h"
#include "input/numbers.h"
#include "sys/proc_files.h"

namespace schedlab {

const std::vector<MetricSpec>& machine_load_metrics() {
  static const std::vector<MetricSpec> kMetrics = {
      {"foreign_cpu_pct", "%", Better::kLower,
       "share of the CPU set's capacity in the window used by anything but the copies: /proc/stat's "
       "busy share minus the copies' process trees' CPU, both read at the window's open and close"},
      {"loadavg_1m", "load", Better::kLower, "1-minute load average when the run started"},
      {"sentinel_rate", "loops/s", Better::kHigher,
       "machine speed: a fixed user-space loop's rate on the run's CPUs just before and after the "
       "window (median over CPUs, mean of the two)"},
      {"work_sentinel_rate", "work/s", Better::kHigher,
       "machine speed for memory-bound, branchy work: a fixed pointer chase through 64 MB and a bytecode "
       "interpreter, timed by CPU time on the run's CPUs just after the window (docs/statistics.md)"}};
  return kMetrics;
}

double busy_pct(const sys::ProcStat& before, const sys::ProcStat& after, const std::vector<int>& cpus) {
  std::uint64_t busy = 0, total = 0;
  for (int cpu : cpus) {
    const auto b = before.per_cpu.find(cpu), a = after.per_cpu.find(cpu);
    if (b == before.per_cpu.end() || a == after.per_cpu.end()) continue;
    const sys::CpuTimes d = sys::ticks_between(b->second, a->second);
    busy += d.busy();
    total += d.total();
  }
  return total > 0 ? static_cast<double>(busy) / static_cast<double>(total) * 100 : 0;
}

double foreign_cpu_pct(double busy, double copies_cpu_s, double window_s, std::size_t ncpus) {
  if (window_s <= 0 || ncpus == 0) return 0;
  const double copies_pct = copies_cpu_s / (window_s * static_cast<double>(ncpus)) * 100;
  return std::clamp(busy - copies_pct, 0.0, 100.0);
}

std::optional<double> loadavg_1m() {
  const auto text = input::read_system_file("/proc/loadavg");
  if (!text) return std::nullopt;
  return input::parse_leading_real(*text);
}

IdleWait wait_for_idle(const std::vector<int>& cpus, double threshold_pct,
                       std::chrono::nanoseconds timeout, sys::SignalGate& gate) {
  using namespace std::chrono_literals;
  IdleWait w;
  const auto start = std::chrono::steady_clock::now();
  for (;;) {
    const sys::ProcStat before = sys::read_proc_stat();
    while (gate.wait(1s) == sys::SignalGate::Event::kChild) {
      // SIGCHLD of a child we do not wait for here: keep sampling
    }
    gate.throw_if_interrupted();
    w.busy_pct = busy_pct(before, sys::read_proc_stat(), cpus);
    w.waited_s = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    if (w.busy_pct <= threshold_pct) {
      w.idle = true;
      return w;
    }
    if (std::chrono::steady_clock::now() - start >= timeout) return w;
  }
}

}  // namespace schedlab
