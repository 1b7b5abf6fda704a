// Unit tests for src/stats/correlation.cpp against hand-computed values.
#include "stats/correlation.h"

#include <gtest/gtest.h>

#include <vector>

namespace schedlab {

// x = 1..5, y = 2 4 5 4 5: r = 6 / sqrt(10 * 6) = 0.7746; t = r sqrt(3) /
// sqrt(1 - r^2) = 2.1213 on 3 df, two-sided p = 0.1240 (Student's t CDF
// for 3 df in closed form).
TEST(Correlation, PearsonMatchesTheHandComputedValues) {
  const std::vector<double> x = {1, 2, 3, 4, 5}, y = {2, 4, 5, 4, 5};
  const auto c = stats::pearson(x, y);
  EXPECT_EQ(c.n, 5u);
  EXPECT_NEAR(c.r, 0.774597, 1e-6);
  EXPECT_NEAR(c.p_value, 0.124027, 1e-5);
}

TEST(Correlation, PerfectConstantAndShortSamples) {
  const std::vector<double> x = {1, 2, 3, 4}, down = {8, 6, 4, 2}, flat = {3, 3, 3, 3};
  const auto c = stats::pearson(x, down);
  EXPECT_NEAR(c.r, -1, 1e-12);
  EXPECT_EQ(c.p_value, 0);
  EXPECT_EQ(stats::pearson(x, flat).r, 0) << "a constant side has no correlation";
  EXPECT_EQ(stats::pearson(x, flat).p_value, 1);
  EXPECT_EQ(stats::pearson(std::vector<double>{1, 2}, std::vector<double>{2, 1}).p_value, 1) << "n < 3";
  EXPECT_THROW(stats::pearson(x, std::vector<double>{1, 2}), std::invalid_argument);
}

}  // namespace schedlab
