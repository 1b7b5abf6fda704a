#pragma once
#include <string>
#include <vector>

#include "core/result.h"
#include "sys/proc_stat.h"

namespace schedlab {

// Percentages of CPU time per state between two /proc/stat snapshots, for
// all CPUs and for a subset; `prefix` + "user_pct" etc.
// The states follow top(1): us, ni, sy, id, wa, hi, si, st.
void add_cpu_split(const std::string& prefix, const sys::CpuTimes& before,
                   const sys::CpuTimes& after, MetricValues& values);

// The same for the sum over `cpus` (CPUs missing from a snapshot are skipped).
sys::CpuTimes sum_cpus(const sys::ProcStat& stat, const std::vector<int>& cpus);

// Metric specs for one prefix ("cpu_" or "set_cpu_").
std::vector<MetricSpec> cpu_split_metrics(const std::string& prefix, const std::string& scope);

}  // namespace schedlab
