#pragma once
#include <string>

namespace schedlab {

// What bench/probe_cost measured for one probe, and where the figure came
// from: `schedlab list --probes` shows it beside the cost, the default
// selection is decided by it.  The table (measured_cost.cpp) is the only
// place the figures live; docs/probes.md has the same table in prose.
struct MeasuredCost {
  const char* probe;
  // The overhead in percent of the primary metric, the worse of spawn and
  // wakeup.  Edge probes: begin() + end() timed in-process (median of 200)
  // as a share of a 10 s window.  In-window probes: 1 - the median of the
  // per-pair on/off ratios of interleaved runs.
  double pct;
  const char* how;         // "edges" or "A/B"
  const char* bench;       // the command that measured it
  const char* date;        // when, UTC
  int pairs;               // A/B: interleaved on/off pairs per workload; edges: 0
  const char* spread;      // what the bench printed: timing, or ratios with their 95% intervals
  const char* conditions;  // the machine while it ran
};

// The measurement of probe `name`, or nullptr when there is none.
const MeasuredCost* measured_cost(const std::string& name);

// Its cost in percent; a probe with no measurement counts as costly (100).
double measured_cost_pct(const std::string& name);

// "bench/probe_cost 10 2, 2026-11-30 16:20 UTC, A/B of 10 interleaved
// on/off pairs per workload: spawn ..., wakeup ...; load average ..." or
// "not measured".
std::string describe_cost_source(const std::string& name);

// The default --probes selection takes every probe at or below this.
inline constexpr double kDefaultCostLimitPct = 1.0;

}  // namespace schedlab
