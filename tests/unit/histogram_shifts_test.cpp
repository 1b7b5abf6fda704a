// compare's histogram shifts (compare/histogram_shifts.h) on synthetic runs
// (tests/unit/support/synthetic_histograms.h): an A/A flags no more than
// the stated rate, a known shift is flagged, and what cannot be read is
// left out and said.
#include <gtest/gtest.h>

#include <cmath>

#include "compare/comparison.h"
#include "compare/histogram_shifts.h"
#include "support/registries.h"
#include "support/synthetic_histograms.h"

namespace schedlab {
namespace {

// The smallest k with P(X > k) <= 0.001 for X ~ Binomial(n, p): a count
// above it is not bad luck.
int binomial_bound(int n, double p) {
  double pmf = std::pow(1 - p, n), cdf = pmf;
  int k = 0;
  while (1 - cdf > 0.001) {
    pmf *= (n - k) / (k + 1.0) * p / (1 - p);
    cdf += pmf;
    ++k;
  }
  return k;
}

// Fewer resamples than compare's own, so that 200 experiments take a
// second: the p-values' floor (1 / 500) is still far below what BH needs.
stats::QuantileShiftOptions quick() {
  stats::QuantileShiftOptions o;
  o.permutations = 499;
  o.resamples = 99;
  return o;
}

constexpr int kAaExperiments = 200;
constexpr double kAlpha = 0.05;

// Each experiment's 3 quantile tests are one BH family at q = alpha: with
// nothing shifted every flag is false, so BH holds the chance of any flag
// in an experiment to alpha.
TEST(HistogramShifts, AAExperimentsFlagNoMoreThanTheStatedRate) {
  std::mt19937_64 rng(20261203);
  const testing::SyntheticRuns s;
  int flagged = 0;
  for (int e = 0; e < kAaExperiments; ++e) {
    const auto h = histogram_shifts({testing::synthetic_set("a", s, rng), testing::synthetic_set("b", s, rng)}, false,
                                    kAlpha, quick());
    ASSERT_EQ(h.tests, 3u);
    flagged += std::any_of(h.shifts.begin(), h.shifts.end(), [](const auto& x) { return x.flagged; });
  }
  EXPECT_LE(flagged, binomial_bound(kAaExperiments, kAlpha)) << flagged << " of " << kAaExperiments;
}

// Interleaved: each block's machine state is shared by both sets' runs.
TEST(HistogramShifts, PairedAAExperimentsFlagNoMoreThanTheStatedRate) {
  std::mt19937_64 rng(20261204);
  testing::SyntheticRuns s;
  s.runs = 10;
  s.run_spread = 0.03;
  std::normal_distribution<double> block(0, 0.15);
  int flagged = 0;
  for (int e = 0; e < kAaExperiments; ++e) {
    std::vector<double> blocks;
    blocks.reserve(static_cast<std::size_t>(s.runs));
    for (int k = 0; k < s.runs; ++k) blocks.push_back(std::exp(block(rng)));
    const auto h = histogram_shifts(
        {testing::synthetic_set("a", s, rng, blocks), testing::synthetic_set("b", s, rng, blocks)}, true, kAlpha, quick());
    ASSERT_EQ(h.shifts.front().base_runs, 10u);
    flagged += std::any_of(h.shifts.begin(), h.shifts.end(), [](const auto& x) { return x.flagged; });
  }
  EXPECT_LE(flagged, binomial_bound(kAaExperiments, kAlpha)) << flagged << " of " << kAaExperiments;
}

// Every value x1.3, through compare itself (its own resampling).
TEST(HistogramShifts, AKnownShiftIsFlaggedWithAnIntervalAroundIt) {
  std::mt19937_64 rng(7);
  testing::SyntheticRuns s;
  const ResultSet base = testing::synthetic_set("base", s, rng);
  s.scale = 1.3;
  CompareOptions o;
  o.test_given = true;  // the runs carry blocks; compare them as sets run one after the other
  const Comparison c = build_comparison({base, testing::synthetic_set("slow", s, rng)}, o, testing::registries());
  ASSERT_EQ(c.histograms.shifts.size(), 3u);
  EXPECT_FALSE(c.histograms.paired);
  for (const auto& x : c.histograms.shifts) {
    EXPECT_EQ(x.histogram, "bpf_runq_latency");
    EXPECT_TRUE(x.flagged) << x.shift.quantile << " q " << x.q_value;
    EXPECT_LT(x.shift.ratio_interval.low, 1.3 * 1.02) << x.shift.quantile;
    EXPECT_GT(x.shift.ratio_interval.high, 1.3 / 1.02) << x.shift.quantile;
    EXPECT_GT(x.shift.ratio_interval.low, 1.0) << x.shift.quantile;
  }
  EXPECT_NEAR(c.histograms.shifts[0].shift.base, 20000, 2000);
}

TEST(HistogramShifts, ARunThatCannotBeReadIsLeftOutAndSaid) {
  std::mt19937_64 rng(8);
  const testing::SyntheticRuns s;
  auto a = testing::synthetic_set("a", s, rng), b = testing::synthetic_set("b", s, rng);
  a.runs[1].details["bpf"]["tasks_dropped"] = 12;
  b.runs[2].details["bpf"]["histograms"]["runq_latency"]["lower_bounds"][0] = 1001;
  b.runs[3].details["bpf"]["histograms"]["runq_latency"]["count"] = 3;
  const auto h = histogram_shifts({a, b}, false, kAlpha, quick());
  ASSERT_EQ(h.problems.size(), 3u);
  EXPECT_NE(h.problems[0].find("a: the bpf_runq_latency histogram of run 2 is left out: 12 tasks"), std::string::npos)
      << h.problems[0];
  EXPECT_NE(h.problems[1].find("1001 is not the lower bound"), std::string::npos) << h.problems[1];
  EXPECT_NE(h.problems[2].find("hold 400 samples, not 3"), std::string::npos) << h.problems[2];
  ASSERT_EQ(h.shifts.size(), 3u);
  EXPECT_EQ(h.shifts[0].base_runs, 7u);
  EXPECT_EQ(h.shifts[0].runs, 6u);
}

TEST(HistogramShifts, PairedUsesTheBlocksBothSetsRan) {
  std::mt19937_64 rng(9);
  const testing::SyntheticRuns s;
  auto a = testing::synthetic_set("a", s, rng), b = testing::synthetic_set("b", s, rng);
  b.runs.erase(b.runs.begin() + 2);  // block 3 has no run of b
  const auto h = histogram_shifts({a, b}, true, kAlpha, quick());
  ASSERT_FALSE(h.shifts.empty());
  EXPECT_EQ(h.shifts[0].base_runs, 7u);
  EXPECT_EQ(h.shifts[0].runs, 7u);
  b.runs.resize(1);
  const auto one = histogram_shifts({a, b}, true, kAlpha, quick());
  EXPECT_TRUE(one.shifts.empty());
  ASSERT_EQ(one.problems.size(), 1u);
  EXPECT_NE(one.problems[0].find("b vs a: the bpf_runq_latency histogram holds values in 1 block both ran"), std::string::npos)
      << one.problems[0];
}

}  // namespace
}  // namespace schedlab
