#pragma once
// One look of check's sequential design, from result sets alone: the
// baseline's runs (and the bad baseline's), the current runs measured now,
// and the past sittings of the baseline's spec on this host.  No timing and
// no store here, so that a synthetic baseline decides like a recorded one.
//
// Before deciding, it asks whether the work sentinel tracks the metric
// (stats/sentinel_tracking.h: normalise only then), and how far this spec
// moves between sittings on this host (check/sitting_model.h: the past
// sittings' variance components, the baseline's own two modes, the
// larger); "bad" only beyond that (check/verdict.h).
#include <cstddef>
#include <vector>

#include "check/sitting_model.h"
#include "check/verdict.h"
#include "core/result.h"
#include "stats/sentinel_tracking.h"

namespace schedlab {

struct SequentialInputs {
  stats::SentinelTracking tracking;
  SittingModel model;
  std::vector<double> good, bad, current;  // per run, per unit of machine speed when normalised
  std::size_t past_sittings = 0;           // past sittings with at least 2 runs in these units
};

// `past`: each past sitting's sets of the baseline's spec (the baseline's
// own set left out); `bad` may be null.
SequentialInputs sequential_inputs(const ResultSet& good, const ResultSet* bad, const ResultSet& current,
                                   const std::vector<std::vector<ResultSet>>& past, double alpha);

// The decision at `look`: against the bad baseline when there is one,
// else against `threshold_pct`.
Decision decide_sequential(const SequentialInputs& in, bool with_bad, Better better, double threshold_pct,
                           const LookPlan& plan, std::size_t look);

}  // namespace schedlab
