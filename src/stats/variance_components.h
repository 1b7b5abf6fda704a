// Variance components: how much of the spread of a benchmark is between
// sittings (the machine's state while one invocation ran: a speed state, a
// boot, a neighbour) and how much is between the runs of one sitting.
//
// One-way random-effects model y_ij = mu + b_i + e_ij, b_i ~ N(0, s2_b)
// per sitting i, e_ij ~ N(0, s2_w) per run j.  The ANOVA (method of
// moments) estimators for unbalanced sittings (Searle, Casella & McCulloch
// 1992, Variance Components, §3.6):
//   MSW = sum_ij (y_ij - ybar_i)^2 / (N - k),  MSB = sum_i n_i (ybar_i - ybar)^2 / (k - 1),
//   n0 = (N - sum_i n_i^2 / N) / (k - 1),     s2_b = max(0, (MSB - MSW) / n0),  s2_w = MSW.
// This is the two-level case of Kalibera & Jones, "Rigorous Benchmarking in
// Reasonable Time" (ISMM 2013): replication belongs at the level that
// carries the variance, and a comparison of two sittings must count each
// sitting's random effect (its mean varies by s2_b whatever its runs).
//
// The test of two sittings a and b (a sequential A vs B): the difference of
// their means has variance s2_a/n_a + s2_b/n_b + 2 s2_between; its t has
// Satterthwaite's df (Satterthwaite 1946, Biometrics Bulletin 2:110–114),
// the between term counted with the k - 1 df of its estimate.
#pragma once
#include <cstddef>
#include <optional>
#include <span>
#include <vector>

#include "stats/significance.h"

namespace schedlab::stats {

struct VarianceComponents {
  std::size_t sittings = 0;  // k: sittings with at least 2 runs
  std::size_t runs = 0;      // N: their runs
  double within = 0;         // s2_w (MSW)
  double between = 0;        // s2_b, never negative
  double df_between = 0;     // k - 1
  double df_within = 0;      // N - k
};

// Fewer sittings than this leave s2_b with too few degrees of freedom to
// widen a test honestly (k - 1 = 2 is the least for a finite t variance).
inline constexpr std::size_t kMinSittings = 3;

// The components of `sittings` (each one sitting's values; sittings with
// fewer than 2 values are left out); nullopt with fewer than kMinSittings.
std::optional<VarianceComponents> estimate_variance_components(const std::vector<std::vector<double>>& sittings);

struct SittingTest {
  double delta = 0;      // mean(b) - mean(a)
  double se = 0;         // with the between-sitting term
  double df = 0;         // Satterthwaite
  double p_value = 1;    // two-sided
  bool significant = false;
  Interval interval;     // of delta, at 1 - alpha
  double between_share = 0;  // share of se^2 that is the between-sitting term
};

// Whether two sittings differ beyond the within-set spread (Welch's terms)
// and the between-sitting variance `vc.between` of their population.
SittingTest between_sitting_test(std::span<const double> a, std::span<const double> b,
                                 const VarianceComponents& vc, double alpha);

}  // namespace schedlab::stats
