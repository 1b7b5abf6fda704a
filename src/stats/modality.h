// Is a set's spread one population, or two machine states, or a drift?
//
// Two modes: Engelman & Hartigan's test for clusters (Engelman & Hartigan
// 1969, "Percentage points of a test for clusters", JASA 64:1647–1648).  The
// values are sorted and split in two at every gap; the statistic is the
// largest ratio of the between-group to the within-group sum of squares
// over the splits.  Its null distribution (one normal population) does not
// depend on the mean or the scale, so the p-value is found by simulating
// normal samples of the same size with a fixed seed (Monte Carlo p =
// (1 + #{simulated >= observed}) / (1 + B), Davison & Hinkley 1997,
// Bootstrap Methods and their Application, §4.2): the same values give the
// same p in every run.  A group must hold at least two values, so a single
// outlier is not a mode (outliers are compare's notes).
//
// Drift: the Mann–Kendall trend test over run order (Mann 1945,
// Econometrica 13:245–259; Kendall 1975, Rank Correlation Methods, ch. 4):
// S = sum_{i<j} sign(x_j - x_i); exact null distribution (inversions of a
// random permutation, the Mahonian numbers) without ties up to 60 values,
// else the normal approximation with the tie-corrected variance and a
// continuity correction.
#pragma once
#include <cstddef>
#include <span>

namespace schedlab::stats {

struct ModesTest {
  bool available = false;  // at least 4 values (two groups of two)
  double statistic = 0;    // max BSS / WSS over the splits
  double p_value = 1;
  // The best split: the lower and upper groups' sizes and means.
  std::size_t low_n = 0, high_n = 0;
  double low_mean = 0, high_mean = 0;
  double low_var = 0, high_var = 0;  // their sample variances (0 for one value)
};

// `values` in any order (apply a log first for ratios of speed).
ModesTest two_modes_test(std::span<const double> values, int simulations = 2000);

struct TrendTest {
  bool available = false;  // at least 4 values
  double s = 0;            // Mann–Kendall S
  double tau = 0;          // Kendall's tau: S / (n (n - 1) / 2)
  double p_value = 1;      // two-sided
};

// `values` in run order.
TrendTest mann_kendall(std::span<const double> values);

}  // namespace schedlab::stats
