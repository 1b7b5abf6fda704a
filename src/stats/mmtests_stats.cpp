#include "stats/mmtests_stats.h"

#include <cmath>
#include <limits>

namespace schedlab::stats {

double harmonic_mean(std::span<const double> xs) {
  double inv = 0;
  for (double x : xs) {
    if (x <= 0) return std::numeric_limits<double>::quiet_NaN();
    inv += 1 / x;
  }
  return xs.empty() ? 0 : static_cast<double>(xs.size()) / inv;
}

double harmonic_stddev(std::span<const double> xs) {
  const double h = harmonic_mean(xs);
  if (std::isnan(h) || xs.empty()) return std::numeric_limits<double>::quiet_NaN();
  double ss = 0;
  for (double x : xs) ss += (1 / x - 1 / h) * (1 / x - 1 / h);
  return std::sqrt(ss * h * h * h * h / static_cast<double>(xs.size()));
}

double mmtests_change(double base, double value, bool higher_is_better) {
  // Equal values are no change in either direction (mmtests' pndiff says
  // 100% for 0 vs 0, which reads as an improvement that is not there).
  if (std::isnan(base) || std::isnan(value) || value == base) return 0;
  if (higher_is_better) {
    if (value == base || value == 0) return 0;
    if (base == 0) return 100;
    return value * 100 / base - 100;
  }
  if (value == 0) return 100;
  if (base == 0) return -99;
  return 100 - value * 100 / base;
}

}  // namespace schedlab::stats
