// Pearson's product-moment correlation with its t-test: whether two
// measurements taken side by side move together.
//
// r = Σ(x - x̄)(y - ȳ) / sqrt(Σ(x - x̄)² Σ(y - ȳ)²); under no correlation
// t = r sqrt(n - 2) / sqrt(1 - r²) follows Student's t with n - 2 df
// (Fisher 1915, Biometrika 10:507–521), two-sided p from Boost.Math.
// check and compare use it to decide whether the work-shaped sentinel
// tracks the primary metric before dividing one by the other.
#pragma once
#include <cstddef>
#include <span>

namespace schedlab::stats {

struct Correlation {
  std::size_t n = 0;
  double r = 0;
  double p_value = 1;  // two-sided, H0: no correlation; 1 when n < 3 or a side is constant
};

// Pearson's r of the pairs (x[i], y[i]); the spans must be the same length.
Correlation pearson(std::span<const double> x, std::span<const double> y);

}  // namespace schedlab::stats
