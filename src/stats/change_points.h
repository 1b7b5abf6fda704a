// Change points in a series of set means: E-Divisive means with a
// permutation test.
//
// Matteson, D. S. and James, N. A. (2014), "A Nonparametric Approach for
// Multiple Change Point Analysis of Multivariate Data", Journal of the
// American Statistical Association 109(505):334–345 (R package `ecp`).
// The same method finds performance regressions in MongoDB's CI (Daly et
// al., "Change Point Detection in Software Performance Testing", ICPE 2020)
// and in Apache Otava, formerly DataStax's Hunter (Fleming et al., "Hunter:
// Using Change Point Detection to Hunt for Performance Regressions", ICPE
// 2023).
//
// For a segment split at t into X (t values) and Y (m values), with α = 1:
//   Ê = 2/(tm) Σ|x_i - y_j| - C(t,2)^-1 Σ_{i<k}|x_i - x_k| - C(m,2)^-1 Σ_{j<k}|y_j - y_k|
//   Q̂ = t m / (t + m) · Ê
// Bisection: the split with the largest Q̂ over all current segments is
// tested by permuting the values within each segment (R permutations); its
// p-value is (#permutations whose best Q̂ >= the observed + 1) / (R + 1).
// It becomes a change point when p <= alpha, and the search repeats on the
// new segments; the first p > alpha stops it.  Like Otava, the right part
// of a split runs to the segment's end (the paper also scans its end κ).
// The sums are kept with Fenwick trees over value ranks: O(n log n) per
// scan, so a series of thousands of sets is tested in well under a second.
//
// Pure functions; deterministic for a given seed.
#pragma once
#include <cstddef>
#include <cstdint>
#include <span>
#include <vector>

namespace schedlab::stats {

struct ChangePointOptions {
  double alpha = 0.01;         // significance of each accepted change point
  int permutations = 199;      // R; the smallest p-value possible is 1 / (R + 1)
  std::size_t min_size = 3;    // values on each side of a split, at least 2
  std::uint64_t seed = 1;      // of the permutations, so a trend is reproducible
};

struct ChangePoint {
  std::size_t index = 0;      // the first value after the change
  double statistic = 0;       // Q̂ of the split
  double p_value = 1;
  double before_mean = 0;     // mean of the segment ending at the change
  double after_mean = 0;      // mean of the segment starting at it
  double change_pct = 0;      // (after - before) / |before| * 100; 0 when before is 0
};

// The change points of `xs`, by index.  Fewer than 2 * min_size values
// give none.
std::vector<ChangePoint> e_divisive(std::span<const double> xs, const ChangePointOptions& options = {});

struct Split {
  std::size_t at = 0;  // left part is [0, at)
  double q = 0;        // Q̂ at that split; 0 when no split is allowed
};
// The best split of one segment (exposed for tests against the direct sums).
Split best_split(std::span<const double> xs, std::size_t min_size);

// Q̂ of splitting `xs` at `at`, by the direct O(n²) sums (the definition).
double q_statistic(std::span<const double> xs, std::size_t at);

}  // namespace schedlab::stats
