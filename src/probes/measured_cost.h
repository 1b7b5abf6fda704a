#pragma once
#include <string>
#include <vector>

namespace schedlab {

// What bench/probe_cost measured for one probe on one workload, and where
// the figure came from.  A probe's cost depends on the workload it watches:
// per-task inherited perf counters cost a fork-heavy or switch-heavy
// workload 10-30% and a long-running loop nothing, so the default selection
// is decided per workload.  The table (measured_cost.cpp) is the only place
// the figures live; docs/probes.md has the same table in prose, `schedlab
// list --probes` shows it, and every result set records its row
// (`probes[].cost_pct`, `cost_source`).
struct MeasuredCost {
  const char* probe;
  const char* workload;  // a registered workload, measured at the scale of its seed report
  // The overhead in percent of the workload's primary metric, from
  // interleaved A/B runs (off / on in randomized blocks, each block a pair):
  // 1 - the median of the per-pair on/off ratios (on/off - 1 for a metric
  // where lower is better), and the upper end of its 95% bootstrap interval.
  double pct;
  double upper_pct;
  int pairs;
  const char* spread;  // what the bench printed: the median ratio [95% interval], min-max
  const char* source;  // the bench command, when and the machine's load while it ran
  // Why the probe recorded no value in any run of this workload (schedstat
  // on `command`: no task lives through the window), or nullptr.  A probe
  // that records nothing is not taken by default, whatever it costs.
  const char* records_nothing = nullptr;
};

// A probe with no measurement anywhere, and why.
struct UnmeasuredProbe {
  const char* probe;
  const char* why;
};

// The default selection takes a probe on a workload only where its measured
// median cost is at most kDefaultCostLimitPct and the upper end of the
// interval at most kDefaultCostUpperLimitPct: a probe whose cost the
// measurement could not bound stays out.
inline constexpr double kDefaultCostLimitPct = 1.0;
inline constexpr double kDefaultCostUpperLimitPct = 2.0;

// Why a probe has no row at all (perf-hw: the machine that measured the
// table has no PMU), or nullptr when it is measured.  Every other probe has
// a row on every workload (a unit test walks both registries).
const char* unmeasured_why(const std::string& probe);

// Every row of the table.
const std::vector<MeasuredCost>& measured_costs();

// The measurement of probe `probe` on `workload`, or nullptr when there is none.
const MeasuredCost* measured_cost(const std::string& probe, const std::string& workload);

// Whether the default selection takes `probe` when measuring `workload`:
// measured, recording something there, and within both limits above.  Not
// measured is not admitted.
bool admitted_by_default(const std::string& probe, const std::string& workload);

// "bench/probe_cost ..., 2026-12-03 08:10 UTC, 14 interleaved on/off pairs:
// 0.998 [0.990, 1.004], 0.97-1.02; load average ..." or "not measured on
// WORKLOAD".
std::string describe_cost_source(const std::string& probe, const std::string& workload);

}  // namespace schedlab
