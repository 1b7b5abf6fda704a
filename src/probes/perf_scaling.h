#pragma once
#include <cstddef>
#include <optional>
#include <vector>

#include "sys/perf_event.h"

namespace schedlab {

// The counts of a window from every counter group's reads at its two edges,
// each group scaled by its own enabled / running time, as perf stat does:
// a group the PMU multiplexed counted for part of the time, and its share
// is estimated from its own ratio.  One ratio over all groups would mix
// tasks that counted throughout with tasks that barely ran.
struct ScaledCounts {
  std::vector<double> counts;      // per event, summed over groups
  double max_ratio = 1;            // the largest enabled / running of a group (1: none multiplexed)
  std::size_t never_ran = 0;       // groups enabled but never counting in the window: no estimate
};

// `before` and `after` hold the same groups in the same order.  nullopt
// when no group counted in the window at all.
std::optional<ScaledCounts> scale_per_group(const std::vector<sys::PerfGroupReading>& before,
                                            const std::vector<sys::PerfGroupReading>& after);

}  // namespace schedlab
