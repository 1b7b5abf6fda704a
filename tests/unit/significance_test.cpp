// Unit tests for src/stats/significance.cpp.  Reference p-values come from
// scipy 1.10.1 (Debian bookworm python3-scipy): scipy.stats.ttest_ind(...,
// equal_var=False), mannwhitneyu(..., alternative="two-sided") and ttest_rel.
#include "stats/significance.h"

#include <gtest/gtest.h>

#include <random>

#include "support/samples.h"
#include <vector>

namespace schedlab::stats {
namespace {

const std::vector<double> kC{1.1, 2.3, 1.9, 2.8, 3.0};
const std::vector<double> kD{2.0, 3.1, 2.9, 3.5, 4.2, 3.8};


}  // namespace

TEST(Significance, WelchMatchesScipy) {
  // scipy: ttest_ind(C, D, equal_var=False) -> t = -2.2235970925119424, p = 0.05426758030977463
  const auto r = welch_t_test(kD, kC, 0.05);  // ours is b - a: D as a gives the same sign as scipy
  EXPECT_NEAR(r.statistic, -2.2235970925119424, 1e-9);
  EXPECT_NEAR(*r.p_value, 0.05426758030977463, 1e-9);
  EXPECT_FALSE(r.significant);
  // scipy: ttest_ind(a, b) for two well separated sets -> p = 2.3946971814446186e-13
  const std::vector<double> a{27776.2, 27801.5, 27690.9, 27750.0, 27810.3};
  const std::vector<double> b{25020.6, 25100.2, 24980.0, 25050.5, 24999.9};
  EXPECT_NEAR(*welch_t_test(b, a, 0.05).p_value, 2.3946971814446186e-13, 1e-15);
  EXPECT_NEAR(welch_t_test(b, a, 0.05).statistic, 91.0206737854352, 1e-8);
}

TEST(Significance, MannWhitneyMatchesScipyExactAndAsymptotic) {
  // scipy: mannwhitneyu(C, D, method="exact") -> U = 4.0, p = 0.05194805194805195
  auto r = mann_whitney_u(kC, kD, 0.05);
  EXPECT_DOUBLE_EQ(r.statistic, 4.0);
  EXPECT_NEAR(*r.p_value, 0.05194805194805195, 1e-12);
  // scipy: mannwhitneyu([1,2,3], [4,5,6]) -> U = 0.0, p = 0.1
  EXPECT_NEAR(*mann_whitney_u(std::vector<double>{1, 2, 3}, std::vector<double>{4, 5, 6}, 0.05).p_value,
              0.1, 1e-12);
  // With ties and n > 8: normal approximation with corrections.
  // scipy: mannwhitneyu(E, F) -> U = 30.0, p = 0.08337459958864225
  const std::vector<double> e{1, 2, 2, 3, 4, 5, 6, 7, 8, 9}, f{3, 4, 4, 5, 6, 7, 8, 9, 10, 11, 12};
  r = mann_whitney_u(e, f, 0.05);
  EXPECT_DOUBLE_EQ(r.statistic, 30.0);
  EXPECT_NEAR(*r.p_value, 0.08337459958864225, 1e-9);
}

TEST(Significance, PairedMatchesScipy) {
  // scipy: ttest_rel(G, H) -> t = 7.319250547113975, p = 0.0007461244029850266, df = 5
  const std::vector<double> g{10.2, 11.1, 10.8, 11.5, 10.9, 11.3}, h{10.0, 10.6, 10.1, 11.0, 10.4, 10.7};
  const auto r = paired_t_test(h, g, 0.05);
  EXPECT_NEAR(r.statistic, 7.319250547113975, 1e-9);
  EXPECT_NEAR(*r.p_value, 0.0007461244029850266, 1e-12);
  EXPECT_DOUBLE_EQ(r.df, 5);
}

TEST(Significance, TooFewRunsSaySo) {
  const std::vector<double> one{1.0}, two{1.0, 2.0};
  for (auto kind : {TestKind::kWelch, TestKind::kMannWhitney, TestKind::kOverlap}) {
    const auto r = run_test(kind, one, two, 0.05);
    EXPECT_FALSE(r.available);
    EXPECT_FALSE(r.significant);
    EXPECT_FALSE(r.why_not.empty());
  }
}

TEST(Significance, OverlapRuleIsMmtests) {
  // |Δ| = 10 against 1.96 (s_a + s_b): separated when the spreads are small.
  EXPECT_TRUE(overlap_test(std::vector<double>{100, 101, 99}, std::vector<double>{110, 111, 109}).significant);
  EXPECT_FALSE(overlap_test(std::vector<double>{100, 104, 96}, std::vector<double>{110, 114, 106}).significant);
}

// A/A: same distribution; each test should flag about alpha of the trials.
TEST(Significance, FalsePositiveRateIsAboutAlpha) {
  std::mt19937_64 rng(20261129);
  const int trials = 2000;
  for (auto kind : {TestKind::kWelch, TestKind::kMannWhitney}) {
    int flagged = 0;
    for (int i = 0; i < trials; ++i)
      flagged += run_test(kind, testing::normal_sample(rng, 100, 5, 10), testing::normal_sample(rng, 100, 5, 10), 0.05)
                     .significant;
    const double rate = static_cast<double>(flagged) / trials;
    EXPECT_GT(rate, 0.025) << to_string(kind);
    EXPECT_LT(rate, 0.075) << to_string(kind);
  }
}

// A/B with a shift of one standard deviation, n = 10: Welch's power is about 0.56.
TEST(Significance, KnownShiftIsFoundAtTheExpectedRate) {
  std::mt19937_64 rng(42);
  const int trials = 2000;
  int welch = 0, mwu = 0, big = 0;
  for (int i = 0; i < trials; ++i) {
    const auto a = testing::normal_sample(rng, 100, 5, 10), b = testing::normal_sample(rng, 105, 5, 10);
    welch += welch_t_test(a, b, 0.05).significant;
    mwu += mann_whitney_u(a, b, 0.05).significant;
    big += welch_t_test(a, testing::normal_sample(rng, 115, 5, 10), 0.05).significant;
  }
  EXPECT_NEAR(static_cast<double>(welch) / trials, 0.56, 0.06);
  EXPECT_NEAR(static_cast<double>(mwu) / trials, 0.53, 0.07);
  EXPECT_GT(static_cast<double>(big) / trials, 0.99) << "a 3-sigma shift is always found";
}

TEST(Significance, IntervalAndEffectSize) {
  const std::vector<double> a{10, 11, 12, 13, 14}, b{12, 13, 14, 15, 16};
  const auto ci = welch_difference_interval(a, b, 0.95);
  EXPECT_LT(ci.low, 2.0);
  EXPECT_GT(ci.high, 2.0);
  EXPECT_NEAR((ci.low + ci.high) / 2, 2.0, 1e-12);
  EXPECT_NEAR(hedges_g(a, b), 2.0 / 1.5811388300841898 * (1 - 3.0 / 31), 1e-12);
}

}  // namespace schedlab::stats

#include "stats/outliers.h"

namespace schedlab::stats {

TEST(Outliers, ModifiedZScore) {
  // The regime change of a noisy VM: one run at half speed.
  EXPECT_EQ(outlier_indices(std::vector<double>{17755, 17521, 17798, 17600, 8450}),
            (std::vector<std::size_t>{4}));
  EXPECT_TRUE(outlier_indices(std::vector<double>{100, 101, 99, 100.5}).empty());
  EXPECT_TRUE(outlier_indices(std::vector<double>{5, 5, 5, 9}).empty()) << "MAD 0: no verdict";
  EXPECT_TRUE(outlier_indices(std::vector<double>{1, 100}).empty()) << "too few runs";
}

}  // namespace schedlab::stats
