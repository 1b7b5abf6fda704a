// The quantile shift between two sets of runs' histograms
// (stats/quantile_shift.h): the pooled quantile's reading, the exact and
// sampled permutation tests, the paired version and the input checks.
#include <gtest/gtest.h>

#include <cmath>
#include <random>
#include <stdexcept>

#include "stats/quantile_shift.h"

namespace schedlab::stats {
namespace {

// Ten bins [10 k, 10 k + 10); every run log-normal around `centre`, with
// its own scale `run_scale`.
std::vector<double> run_counts(double centre, double run_scale, std::mt19937_64& rng) {
  std::vector<double> counts(40, 0);
  std::normal_distribution<double> value(centre * run_scale, 30);
  for (int e = 0; e < 300; ++e) {
    const double v = std::clamp(value(rng), 0.0, 399.0);
    counts[static_cast<std::size_t>(v / 10)] += 1;
  }
  return counts;
}

std::vector<HistogramBin> tens() {
  std::vector<HistogramBin> bins;
  bins.reserve(40);
  for (int k = 0; k < 40; ++k) bins.push_back({10.0 * k, 10.0 * k + 10});
  return bins;
}

// `runs` runs a side around `base` and `other`, each run at its own scale 1.
BinnedRuns two_sets(int runs, double base, double other, std::uint64_t seed) {
  std::mt19937_64 rng(seed);
  BinnedRuns r{tens(), {}, {}};
  for (int k = 0; k < runs; ++k) {
    r.base.push_back(run_counts(base, 1, rng));
    r.other.push_back(run_counts(other, 1, rng));
  }
  return r;
}

TEST(QuantileShift, PooledQuantileSpreadsABinsCountsOverIt) {
  const std::vector<HistogramBin> bins{{0, 10}, {10, 20}};
  EXPECT_DOUBLE_EQ(pooled_quantile(bins, {5, 5}, 0.5), 9);   // rank 5: the last of the first bin, at its mid-slot
  EXPECT_DOUBLE_EQ(pooled_quantile(bins, {5, 5}, 1.0), 19);  // rank 10
  EXPECT_DOUBLE_EQ(pooled_quantile(bins, {0, 4}, 0.01), 11.25);  // rank 1 of 4 in [10, 20)
}

TEST(QuantileShift, ThreeRunsASideCannotBeFlaggedHoweverFarApart) {
  const auto s = quantile_shifts(two_sets(3, 100, 250, 1), {});
  EXPECT_TRUE(s.exact);
  EXPECT_EQ(s.relabellings, 20u);  // C(6, 3)
  EXPECT_DOUBLE_EQ(s.smallest_p, 0.1);
  ASSERT_EQ(s.shifts.size(), 3u);
  EXPECT_NEAR(s.shifts[0].ratio, 2.5, 0.1);
  EXPECT_DOUBLE_EQ(s.shifts[0].p_value, 0.1) << "the observed split and its mirror are the most extreme of 20";
  EXPECT_GT(s.shifts[0].ratio_interval.low, 2.2);
  EXPECT_LT(s.shifts[0].ratio_interval.high, 2.8);
}

TEST(QuantileShift, ManyRunsAreRelabelledAtRandomAndTheSeedFixesTheResult) {
  const BinnedRuns r = two_sets(10, 100, 130, 2);
  QuantileShiftOptions o;
  o.permutations = 999;
  const auto a = quantile_shifts(r, o), b = quantile_shifts(r, o);
  EXPECT_FALSE(a.exact);
  EXPECT_EQ(a.relabellings, 999u);
  EXPECT_DOUBLE_EQ(a.smallest_p, 0.001);
  EXPECT_DOUBLE_EQ(a.shifts[0].p_value, 0.001) << "no relabelling is as far as a 30% shift";
  EXPECT_EQ(a.shifts[1].ratio_interval.low, b.shifts[1].ratio_interval.low);
  EXPECT_EQ(a.shifts[1].p_value, b.shifts[1].p_value);
  o.seed += 1;
  const auto c = quantile_shifts(r, o);
  EXPECT_NE(a.shifts[1].ratio_interval.low, c.shifts[1].ratio_interval.low) << "another seed, other resamples";
}

// Blocks that differ far more than the shift: only pairing by block sees it.
TEST(QuantileShift, PairingByBlockRemovesTheBlocksOwnSpread) {
  std::mt19937_64 rng(3);
  std::normal_distribution<double> block(0, 0.25);
  BinnedRuns r{tens(), {}, {}};
  for (int k = 0; k < 10; ++k) {
    const double scale = std::exp(block(rng));
    r.base.push_back(run_counts(120, scale, rng));
    r.other.push_back(run_counts(120 * 1.08, scale, rng));
  }
  QuantileShiftOptions o;
  o.paired = true;
  const auto paired = quantile_shifts(r, o);
  EXPECT_TRUE(paired.exact);
  EXPECT_EQ(paired.relabellings, 1024u);  // 2^10 swaps
  EXPECT_LT(paired.shifts[0].p_value, 0.01);
  EXPECT_GT(paired.shifts[0].ratio_interval.low, 1.0);
  o.paired = false;
  EXPECT_GT(quantile_shifts(r, o).shifts[0].p_value, 0.05);
}

TEST(QuantileShift, RefusesWhatItCannotTest) {
  std::mt19937_64 rng(4);
  BinnedRuns r{tens(), {run_counts(100, 1, rng)}, {run_counts(100, 1, rng), run_counts(100, 1, rng)}};
  EXPECT_THROW(quantile_shifts(r, {}), std::invalid_argument) << "one baseline run";
  r.base.push_back(std::vector<double>(40, 0));
  EXPECT_THROW(quantile_shifts(r, {}), std::invalid_argument) << "an empty run";
  r.base.back() = run_counts(100, 1, rng);
  QuantileShiftOptions o;
  o.paired = true;
  r.other.push_back(run_counts(100, 1, rng));
  EXPECT_THROW(quantile_shifts(r, o), std::invalid_argument) << "paired sets of different lengths";
  o.paired = false;
  o.quantiles = {0.9, 0.5};
  EXPECT_THROW(quantile_shifts(r, o), std::invalid_argument);
  r.bins[3].upper = r.bins[3].lower;
  EXPECT_THROW(quantile_shifts(r, {}), std::invalid_argument) << "an empty bin";
}

}  // namespace
}  // namespace schedlab::stats
