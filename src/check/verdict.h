// The verdicts of `schedlab check` for git bisect run.
//
// Against a good baseline only: the relative change of the mean of the
// primary metric, with its Welch confidence interval, is oriented so that a
// positive "loss" is a regression.  The kernel is good when the whole
// interval of the loss lies below the threshold, bad when it lies above, and
// undecided otherwise (more runs narrow the interval).
// With a bad baseline too: good when the current runs are closer to the good
// ones and significantly different from the bad ones (Welch, alpha), bad in
// the mirror case, undecided otherwise.
#pragma once
#include <span>
#include <string>

#include "core/metric.h"
#include "stats/significance.h"

namespace schedlab {

enum class Verdict { kGood, kBad, kUndecided };
const char* to_string(Verdict v);
int exit_status(Verdict v);  // 0, 1, 125

struct Decision {
  Verdict verdict = Verdict::kUndecided;
  double change_pct = 0;           // (mean(current) - mean(good)) / mean(good) x 100
  stats::Interval interval_pct;    // its confidence interval
};

Decision decide_against_good(std::span<const double> good, std::span<const double> current,
                             Better better, double threshold_pct, double alpha);
Decision decide_between(std::span<const double> good, std::span<const double> bad,
                        std::span<const double> current, double alpha);

// The half-width, in percent of its mean, that the good baseline's own
// spread leaves in the interval however many current runs are made
// (t quantile of the baseline's n - 1 df times its standard error).  When it
// is near the threshold, only a better baseline (more runs) can decide.
double baseline_limit_pct(std::span<const double> good, double alpha);

}  // namespace schedlab
