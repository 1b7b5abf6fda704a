#pragma once
#include <chrono>
#include <optional>
#include <vector>

#include "core/metric.h"
#include "sys/proc_stat.h"
#include "sys/signals.h"

namespace schedlab {

// foreign_cpu_pct, loadavg_1m and sentinel_rate, which every run records.
const std::vector<MetricSpec>& machine_load_metrics();

// Share (0..100) of the capacity of `cpus` that was busy between two
// /proc/stat snapshots: every state but idle and iowait, whoever ran.
double busy_pct(const sys::ProcStat& before, const sys::ProcStat& after, const std::vector<int>& cpus);

// The share of the CPU set's capacity over `window_s` used by anything other
// than the copies and their children: the set's busy share minus the
// copies' CPU time over the same interval (`copies_cpu_s`, the copies'
// process trees read at both of its edges, like /proc/stat), never below 0.
// Both sides count clock ticks (USER_HZ), so a value a little below 0 is
// rounding; that is all the clamp hides.
double foreign_cpu_pct(double busy, double copies_cpu_s, double window_s, std::size_t ncpus);

// The 1-minute load average from /proc/loadavg, when readable.
std::optional<double> loadavg_1m();

// --wait-idle: samples the set's CPUs one second at a time until one second
// was at most `threshold_pct` busy, or `timeout` passed.
struct IdleWait {
  bool idle = false;
  double busy_pct = 0;  // of the last second sampled
  double waited_s = 0;
};
IdleWait wait_for_idle(const std::vector<int>& cpus, double threshold_pct,
                       std::chrono::nanoseconds timeout, sys::SignalGate& gate);

}  // namespace schedlab
