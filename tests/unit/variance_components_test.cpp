// Unit tests for src/stats/variance_components.cpp: the ANOVA estimators
// recover known components, and the between-sitting test keeps its rate on
// sittings that differ by the machine alone.
#include "stats/variance_components.h"

#include <gtest/gtest.h>

#include <random>
#include <vector>

#include "core/descriptive.h"
#include "stats/significance.h"
#include "support/samples.h"

namespace schedlab {
namespace {

// One sitting: its own offset b ~ N(0, sb) and n runs around it ~ N(0, sw).
std::vector<double> sitting(std::mt19937_64& rng, double mu, double sb, double sw, int n) {
  std::normal_distribution<double> offset(0, sb);
  return testing::normal_sample(rng, mu + offset(rng), sw, n);
}

}  // namespace

// {1,3} {5,7} {9,11}: MSW = 6/3 = 2, MSB = 64/2 = 32, n0 = 2, s2_b = 15.
TEST(VarianceComponents, HandComputedBalancedCase) {
  const auto vc = stats::estimate_variance_components({{1, 3}, {5, 7}, {9, 11}});
  ASSERT_TRUE(vc);
  EXPECT_EQ(vc->sittings, 3u);
  EXPECT_EQ(vc->runs, 6u);
  EXPECT_DOUBLE_EQ(vc->within, 2);
  EXPECT_DOUBLE_EQ(vc->between, 15);
  EXPECT_EQ(vc->df_between, 2);
  EXPECT_EQ(vc->df_within, 3);
  EXPECT_FALSE(stats::estimate_variance_components({{1, 3}, {5, 7}})) << "two sittings are too few";
  EXPECT_FALSE(stats::estimate_variance_components({{1, 3}, {5, 7}, {9}})) << "a one-run sitting does not count";
  EXPECT_EQ(stats::estimate_variance_components({{1, 3}, {1, 3}, {1, 3}})->between, 0) << "never negative";
}

// 60 unbalanced sittings with s_b = 3, s_w = 1: both components recovered.
TEST(VarianceComponents, RecoversKnownComponents) {
  std::mt19937_64 rng(31);
  std::vector<std::vector<double>> sittings;
  sittings.reserve(60);
  for (int i = 0; i < 60; ++i) sittings.push_back(sitting(rng, 100, 3, 1, 5 + i % 6));
  const auto vc = stats::estimate_variance_components(sittings);
  ASSERT_TRUE(vc);
  EXPECT_NEAR(vc->within, 1, 0.15);
  EXPECT_NEAR(vc->between, 9, 3);
  EXPECT_EQ(vc->df_between, 59);
}

// Two sittings of one population, 3% apart by the machine's state: Welch
// calls it a difference, the between-sitting test does not.
TEST(VarianceComponents, ASittingOffsetIsNotADifference) {
  std::mt19937_64 rng(32);
  std::vector<std::vector<double>> past;
  past.reserve(8);
  for (int i = 0; i < 8; ++i) past.push_back(sitting(rng, 100, 2, 0.5, 10));
  const auto vc = stats::estimate_variance_components(past);
  ASSERT_TRUE(vc);
  const auto a = testing::normal_sample(rng, 100, 0.5, 10), b = testing::normal_sample(rng, 103, 0.5, 10);
  EXPECT_TRUE(stats::welch_t_test(a, b, 0.05).significant);
  const auto t = stats::between_sitting_test(a, b, *vc, 0.05);
  EXPECT_FALSE(t.significant) << t.p_value;
  EXPECT_GT(t.between_share, 0.8);
  EXPECT_LT(t.interval.low, 3);
  EXPECT_GT(t.interval.high, 3);
  // A change far beyond the machine's sittings still is one.
  EXPECT_TRUE(stats::between_sitting_test(a, testing::normal_sample(rng, 130, 0.5, 10), *vc, 0.05).significant);
}

// Over many sequential A/A pairs (each pair two new sittings, the model
// from 6 past sittings), the share flagged stays near alpha; Welch's alone
// flags most of them.
TEST(VarianceComponents, AAFalseAlarmsStayNearAlpha) {
  std::mt19937_64 rng(33);
  int flagged = 0, welch_flagged = 0;
  const int pairs = 1000;
  for (int p = 0; p < pairs; ++p) {
    std::vector<std::vector<double>> past;
    past.reserve(6);
    for (int i = 0; i < 6; ++i) past.push_back(sitting(rng, 100, 2, 0.5, 8));
    const auto vc = stats::estimate_variance_components(past);
    const auto a = sitting(rng, 100, 2, 0.5, 8), b = sitting(rng, 100, 2, 0.5, 8);
    flagged += stats::between_sitting_test(a, b, *vc, 0.05).significant;
    welch_flagged += stats::welch_t_test(a, b, 0.05).significant;
  }
  EXPECT_LE(flagged, 80) << "at most 8% for a stated 5%";
  EXPECT_GT(welch_flagged, 500);
}

}  // namespace schedlab
