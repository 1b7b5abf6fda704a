#pragma once
// Whether a set's own runs are one population: two modes (two machine
// states during one sitting) or a drift over run order.  Recorded as the
// set's warnings when it is measured (kinds "multimodal" and "drift"), and
// recomputed by check when it uses a baseline (older files lack them).
// The tests are stats/modality.h's; each flags at kSpreadAlpha so that a
// steady set is flagged rarely (1% each).
#include <optional>
#include <vector>

#include "core/result.h"
#include "stats/modality.h"

namespace schedlab::stats {

inline constexpr double kSpreadAlpha = 0.01;

// The primary metric's two modes, when the set has them: the groups in the
// metric's own unit (geometric means) and the test.
struct SetModes {
  ModesTest test;       // on the logs of the values
  double low = 0, high = 0;    // each group's geometric mean
  double gap_pct = 0;          // high over low, in %
  double low_share = 0;        // share of the runs in the lower group
};
std::optional<SetModes> primary_modes(const ResultSet& set);

// The drift of the primary metric over run order, when significant.
std::optional<TrendTest> primary_drift(const ResultSet& set);

// The warnings the two flags give (none for a set with fewer than 4 runs
// or non-positive values).
std::vector<Warning> spread_warnings(const ResultSet& set);

}  // namespace schedlab::stats
