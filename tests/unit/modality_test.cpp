// Unit tests for src/stats/modality.cpp: the two-modes test (Engelman &
// Hartigan) and the Mann–Kendall trend test, on seeded synthetic data and
// hand-computed exact values.
#include "stats/modality.h"

#include <gtest/gtest.h>

#include <random>
#include <vector>

#include "support/samples.h"

namespace schedlab {

// Two machine states 30% apart, 1% spread each: two modes, found where
// they are.
TEST(Modality, TwoStatesAreTwoModes) {
  std::mt19937_64 rng(21);
  auto xs = testing::normal_sample(rng, 0.0, 0.01, 8);
  const auto high = testing::normal_sample(rng, 0.3, 0.01, 12);
  xs.insert(xs.end(), high.begin(), high.end());
  const auto t = stats::two_modes_test(xs);
  ASSERT_TRUE(t.available);
  EXPECT_LT(t.p_value, 0.001);
  EXPECT_EQ(t.low_n, 8u);
  EXPECT_EQ(t.high_n, 12u);
  EXPECT_NEAR(t.high_mean - t.low_mean, 0.3, 0.02);
  EXPECT_EQ(stats::two_modes_test(xs).p_value, t.p_value) << "seeded simulation: the same p every time";
}

// One normal population is rarely called two modes: at 1%, in about 1% of
// samples (seeded, 300 samples of 12).
TEST(Modality, OnePopulationIsFlaggedAtItsRate) {
  std::mt19937_64 rng(22);
  int flagged = 0;
  for (int i = 0; i < 300; ++i) flagged += stats::two_modes_test(testing::normal_sample(rng, 5, 2, 12), 400).p_value < 0.01;
  EXPECT_LE(flagged, 9);
  EXPECT_FALSE(stats::two_modes_test(std::vector<double>{1, 2, 3}).available) << "two groups of two at least";
  EXPECT_EQ(stats::two_modes_test(std::vector<double>{4, 4, 4, 4, 4}).p_value, 1) << "constant: one mode";
}

// Exact null for n = 4 without ties: S = 6 (increasing) has P(S >= 6) =
// 1/24, two-sided 1/12; n = 10 increasing: 2 / 10!.
TEST(Modality, MannKendallExactValues) {
  const auto up = stats::mann_kendall(std::vector<double>{1, 2, 3, 4});
  ASSERT_TRUE(up.available);
  EXPECT_EQ(up.s, 6);
  EXPECT_EQ(up.tau, 1);
  EXPECT_NEAR(up.p_value, 1.0 / 12, 1e-12);
  std::vector<double> ten;
  for (int i = 10; i > 0; --i) ten.push_back(i);
  const auto down = stats::mann_kendall(ten);
  EXPECT_EQ(down.tau, -1);
  EXPECT_NEAR(down.p_value, 2.0 / 3628800, 1e-15);
  // 1 3 2 4: S = 5 - 1 = 4; P(S >= 4) = P(inversions <= 1) = 4/24, two-sided 1/3.
  EXPECT_NEAR(stats::mann_kendall(std::vector<double>{1, 3, 2, 4}).p_value, 1.0 / 3, 1e-12);
  EXPECT_FALSE(stats::mann_kendall(std::vector<double>{1, 2, 3}).available);
}

// A slow drift under noise is found; noise alone is not (seeded).
TEST(Modality, MannKendallFindsADriftNotNoise) {
  std::mt19937_64 rng(23);
  auto noise = testing::normal_sample(rng, 0, 1, 30);
  EXPECT_GT(stats::mann_kendall(noise).p_value, 0.05);
  for (std::size_t i = 0; i < noise.size(); ++i) noise[i] += 0.2 * static_cast<double>(i);
  EXPECT_LT(stats::mann_kendall(noise).p_value, 0.001);
  // Ties: the normal approximation with the tie-corrected variance.
  std::vector<double> tied;
  tied.reserve(40);
  for (int value = 0; value < 10; ++value)
    for (int copy = 0; copy < 4; ++copy) tied.push_back(value);
  const auto t = stats::mann_kendall(tied);
  EXPECT_GT(t.tau, 0.9);
  EXPECT_LT(t.p_value, 1e-6);
}

}  // namespace schedlab
