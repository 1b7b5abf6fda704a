// The summary statistics and percentages of mmtests (gormanm/mmtests
// bin/lib/MMTests/Stat.pm, Summarise.pm):
// - Hmean = n / Σ(1/x) for throughput ("higher is better") metrics, Amean
//   otherwise; HStddev = sqrt(Σ(1/x - 1/H)^2 · H^4 / n).
// - pdiff = new·100/base - 100 (higher is better); pndiff = 100 -
//   new·100/base (lower is better, and always for Stddev and CoeffVar), so
//   a positive percentage is always an improvement.  One deliberate
//   difference: equal values give 0% in both directions.
#pragma once
#include <span>

namespace schedlab::stats {

double harmonic_mean(std::span<const double> xs);    // NaN when any x <= 0
double harmonic_stddev(std::span<const double> xs);  // mmtests' HStddev
// Percent change in mmtests' convention (positive = better).
double mmtests_change(double base, double value, bool higher_is_better);

}  // namespace schedlab::stats
