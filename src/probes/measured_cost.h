#pragma once
#include <string>

namespace schedlab {

// The overhead of probe `name` as bench/probe_cost measured it: the worse
// of spawn and wakeup, in percent of the primary metric (the median of
// interleaved on/off pair ratios).  docs/probes.md has the table, the
// command and the spread.  A probe with no measurement counts as costly.
double measured_cost_pct(const std::string& name);

// The default --probes selection takes every probe at or below this.
inline constexpr double kDefaultCostLimitPct = 1.0;

}  // namespace schedlab
