#pragma once
// Normalisation only where it is shown to hold: whether the work-shaped
// sentinel (runner/work_sentinel.h, metric work_sentinel_rate) tracks a
// primary metric across the runs of the sets being compared, and the
// primary metric per unit of that machine speed.
//
// The sets' runs are pooled (baseline and candidate, and any history), and
// the logs of the metric and of the sentinel's rate are correlated
// (stats/correlation.h).  Dividing by the sentinel (a rate) or multiplying
// (a time) shrinks the spread of the logs exactly when the correlation, in
// the direction that means "the same slowdown", exceeds sd(sentinel) /
// (2 sd(metric)) — the ratio estimator's condition (Cochran 1977, Sampling
// Techniques, 3rd ed., §6.4): Var(y - s) = Var(y) + Var(s) - 2 r sd(y) sd(s).
// The values are normalised when that holds and the correlation is
// significant at alpha; otherwise they are used raw, and the reason says why.
#include <span>
#include <string>
#include <vector>

#include "core/result.h"
#include "stats/correlation.h"

namespace schedlab::stats {

inline constexpr const char* kWorkSentinelMetric = "work_sentinel_rate";

struct SentinelTracking {
  bool available = false;       // at least kMinRuns runs carry both values
  Correlation correlation;  // of log(metric) with log(sentinel rate)
  double tracking_r = 0;        // r signed so that > 0 means "moves with the machine"
  double required_r = 0;        // Cochran's bound
  bool normalize = false;
  std::string reason;           // one clause: why normalised or why not
};

inline constexpr std::size_t kMinTrackingRuns = 6;

// The decision over the pooled runs of `sets` (their primary metric, the
// first set's direction).
SentinelTracking sentinel_tracking(const std::vector<const ResultSet*>& sets, double alpha);

// The primary metric's logs per run; per unit of machine speed when
// `normalize` (runs without a sentinel value are then left out).
std::vector<double> primary_logs(const ResultSet& set, bool normalize);

// One line: "work sentinel: r=-0.82 (p=0.0001, 20 runs), normalised".
std::string describe_tracking(const SentinelTracking& t);

}  // namespace schedlab::stats
