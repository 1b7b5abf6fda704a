// E-divisive means: the fast sums against the definition, planted steps
// found where they are, flat noise quiet at the stated rate.
#include "stats/change_points.h"

#include "core/descriptive.h"

#include <gtest/gtest.h>

#include <cmath>
#include <random>

#include "support/samples.h"

namespace schedlab::stats {
namespace {

using testing::normal_sample;

std::vector<double> steps(std::uint64_t seed, const std::vector<std::pair<double, int>>& parts, double sigma) {
  std::mt19937_64 rng(seed);
  std::vector<double> xs;
  for (const auto& [mu, n] : parts) {
    const auto part = normal_sample(rng, mu, sigma, n);
    xs.insert(xs.end(), part.begin(), part.end());
  }
  return xs;
}

TEST(ChangePoints, FastSumsMatchTheDefinition) {
  std::mt19937_64 rng(7);
  for (int n : {6, 7, 20, 41}) {
    auto xs = normal_sample(rng, 50, 10, n);
    xs[2] = xs[3];  // a tie
    double best = 0;
    std::size_t at = 0;
    for (std::size_t t = 3; t + 3 <= xs.size(); ++t)
      if (const double q = q_statistic(xs, t); q > best) best = q, at = t;
    const Split split = best_split(xs, 3);
    EXPECT_EQ(split.at, at) << n;
    EXPECT_NEAR(split.q, best, 1e-9 * std::max(1.0, best)) << n;
  }
}

TEST(ChangePoints, FindsOneStepAtItsPosition) {
  const auto xs = steps(1, {{100, 40}, {105, 40}}, 1);
  const auto points = e_divisive(xs);
  ASSERT_EQ(points.size(), 1u);
  EXPECT_EQ(points[0].index, 40u);
  const std::span<const double> all(xs);
  EXPECT_DOUBLE_EQ(points[0].before_mean, mean(all.first(40)));
  EXPECT_DOUBLE_EQ(points[0].after_mean, mean(all.subspan(40)));
  EXPECT_DOUBLE_EQ(points[0].change_pct, (points[0].after_mean / points[0].before_mean - 1) * 100);
  EXPECT_NEAR(points[0].change_pct, 5, 1);
  EXPECT_LE(points[0].p_value, ChangePointOptions{}.alpha);
}

TEST(ChangePoints, FindsEveryStepOfASeriesOfKernels) {
  for (std::uint64_t seed = 1; seed <= 10; ++seed) {
    const auto xs = steps(seed, {{100, 12}, {90, 10}, {110, 15}}, 1.5);
    const auto points = e_divisive(xs);
    ASSERT_EQ(points.size(), 2u) << "seed " << seed;
    EXPECT_EQ(points[0].index, 12u) << "seed " << seed;
    EXPECT_EQ(points[1].index, 22u) << "seed " << seed;
    EXPECT_LT(points[0].change_pct, -8) << "seed " << seed;
    EXPECT_GT(points[1].change_pct, 18) << "seed " << seed;
  }
}

// A valid permutation test rejects a true null with probability at most
// alpha (here exactly: the observed Q̂ ranks in the top alpha of R + 1 = 200
// exchangeable values).  Over 10000 seeded flat series the observed rate
// may exceed alpha only by sampling error: at most 3 binomial standard
// errors (0.01 + 0.003, a one-sided 0.1% bound).  A detector whose rate
// were 0.015 would be 5 standard errors out and fail.
TEST(ChangePoints, FlatNoiseIsQuietAtTheStatedRate) {
  const ChangePointOptions options;
  const int trials = 10000;
  int with_points = 0;
  for (int trial = 0; trial < trials; ++trial) {
    std::mt19937_64 rng(1000 + trial);
    const auto xs = normal_sample(rng, 100, 3, 30);
    ChangePointOptions o = options;
    o.seed = static_cast<std::uint64_t>(trial) + 1;
    with_points += !e_divisive(xs, o).empty();
  }
  const double rate = static_cast<double>(with_points) / trials;
  const double se = std::sqrt(options.alpha * (1 - options.alpha) / trials);
  EXPECT_LE(rate, options.alpha + 3 * se) << with_points << " of " << trials;
  EXPECT_GT(with_points, 0) << "a test that never rejects has no power either";
}

TEST(ChangePoints, ShortOrConstantSeriesHaveNone) {
  EXPECT_TRUE(e_divisive(std::vector<double>{1, 2, 3, 10, 11}).empty());
  EXPECT_TRUE(e_divisive(std::vector<double>(50, 7.0)).empty());
  EXPECT_TRUE(e_divisive(std::vector<double>{}).empty());
}

TEST(ChangePoints, TheSameSeedGivesTheSameAnswer) {
  const auto xs = steps(3, {{10, 8}, {11, 8}}, 0.6);
  const auto a = e_divisive(xs), b = e_divisive(xs);
  ASSERT_EQ(a.size(), b.size());
  for (size_t i = 0; i < a.size(); ++i) {
    EXPECT_EQ(a[i].index, b[i].index);
    EXPECT_EQ(a[i].p_value, b[i].p_value);
  }
}

}  // namespace
}  // namespace schedlab::stats
