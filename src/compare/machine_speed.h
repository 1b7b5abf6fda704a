#pragma once
#include <optional>

#include "compare/comparison.h"

namespace schedlab {

// The machine-speed difference between `set` and `base` from their runs'
// sentinel_rate, with the primary metric normalised by it (divided for a
// higher-is-better metric, multiplied for a time); nullopt when either set
// lacks sentinel values (results from before the sentinel existed).
std::optional<SpeedDifference> machine_speed_difference(const ResultSet& base, const ResultSet& set,
                                                        double alpha);

// The note a significant speed difference gets: the machine's change with
// its interval, and the kernel-side change raw and normalised.
std::string describe_speed(const std::string& label, const SpeedDifference& d,
                           const std::string& metric, double raw_change_pct);

// The work-shaped sentinel (runner/work_sentinel.h) against the primary
// metric over the runs of `base` and `set` pooled: whether it tracks the
// metric here, and, only when it does, the change per unit of machine
// speed (ratio of geometric means) with Welch's p on the normalised logs.
std::optional<WorkSentinelComparison> work_sentinel_comparison(const ResultSet& base, const ResultSet& set,
                                                               double alpha);

}  // namespace schedlab
