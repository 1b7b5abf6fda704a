#pragma once
// The confidence interval of a mean: t quantile (n - 1 df, Boost.Math)
// times the standard error s / sqrt(n).  Student (1908), Biometrika 6:1–25.
#include <optional>
#include <span>

namespace schedlab::stats {

// Half-width of the two-sided `confidence` interval of mean(xs); nullopt
// when n < 2 (no spread to estimate).
std::optional<double> mean_interval_halfwidth(std::span<const double> xs, double confidence = 0.95);

}  // namespace schedlab::stats
