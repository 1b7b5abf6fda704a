// The bpf probe's histogram: the bucket arithmetic both the kernel program
// and the probe compile (probes/bpf/lifecycle.h) — value -> bucket ->
// lower bound, at the edges 0, 1, 2^63 and 2^64 - 1 — and the quantiles and
// record the probe derives from the buckets.
#include <gtest/gtest.h>

#include <bit>
#include <cstdint>
#include <limits>

#include "probes/bpf_histograms.h"

namespace schedlab {
namespace {

constexpr std::uint64_t kTop = std::numeric_limits<std::uint64_t>::max();

TEST(BpfHistogram, EdgeValuesFallInTheirBuckets) {
  EXPECT_EQ(sl_bucket(0), 0u);
  EXPECT_EQ(sl_bucket(1), 1u);
  EXPECT_EQ(sl_bucket(7), 7u);
  EXPECT_EQ(sl_bucket(8), 8u);
  EXPECT_EQ(sl_bucket(9), 8u);  // [8, 10)
  EXPECT_EQ(sl_bucket(10), 9u);
  EXPECT_EQ(sl_bucket_lower(sl_bucket(std::uint64_t{1} << 63)), std::uint64_t{1} << 63);
  EXPECT_EQ(sl_bucket(kTop), SL_BUCKETS - 1);
  EXPECT_EQ(sl_bucket_lower(SL_BUCKETS - 1), std::uint64_t{7} << 61);
  EXPECT_EQ(SL_BUCKETS, 252u);
}

TEST(BpfHistogram, Log2IsTheHighestBit) {
  for (unsigned bit = 0; bit < 64; ++bit) {
    const std::uint64_t v = std::uint64_t{1} << bit;
    EXPECT_EQ(sl_log2(v), bit);
    EXPECT_EQ(sl_log2(v | (v - 1)), bit);  // every bit below set
    if (bit > 0) {
      EXPECT_EQ(sl_log2(v - 1), static_cast<unsigned>(std::bit_width(v - 1) - 1));
    }
  }
}

TEST(BpfHistogram, EveryBucketStartsAtItsLowerBoundAndEndsBeforeTheNext) {
  for (std::uint32_t b = 0; b < SL_BUCKETS; ++b) {
    const std::uint64_t lower = sl_bucket_lower(b);
    EXPECT_EQ(sl_bucket(lower), b) << b;
    if (b + 1 == SL_BUCKETS) {
      EXPECT_EQ(sl_bucket(kTop), b);
      continue;
    }
    const std::uint64_t next = sl_bucket_lower(b + 1);
    ASSERT_GT(next, lower) << b;
    EXPECT_EQ(sl_bucket(next - 1), b) << b;
    if (b >= SL_EXACT) {
      EXPECT_LE(static_cast<double>(next - lower), 0.25 * static_cast<double>(lower)) << b;
    }
  }
}

std::vector<std::uint64_t> histogram_of(const std::vector<std::uint64_t>& values) {
  std::vector<std::uint64_t> counts(SL_BUCKETS);
  for (auto v : values) ++counts[sl_bucket(v)];
  return counts;
}

TEST(BpfHistogram, QuantilesLieInTheBucketOfTheValueOfThatRank) {
  std::vector<std::uint64_t> values;
  for (std::uint64_t v = 1; v <= 1000; ++v) values.push_back(v * 1000);  // 1..1000 us
  const auto counts = histogram_of(values);
  for (auto [q, exact] : {std::pair{0.5, 500'000.0}, {0.9, 900'000.0}, {0.99, 990'000.0}}) {
    const auto got = histogram_quantile(counts, q);
    ASSERT_TRUE(got) << q;
    const auto b = sl_bucket(static_cast<std::uint64_t>(exact));
    EXPECT_GE(*got, static_cast<double>(sl_bucket_lower(b))) << q;
    EXPECT_LT(*got, static_cast<double>(sl_bucket_lower(b + 1))) << q;
    EXPECT_NEAR(*got, exact, exact * 0.25) << q;
  }
  EXPECT_EQ(*histogram_quantile(histogram_of({5}), 0.5), 5.5);  // an exact bucket's middle
  EXPECT_FALSE(histogram_quantile(std::vector<std::uint64_t>(SL_BUCKETS), 0.5));
  EXPECT_TRUE(histogram_quantile(histogram_of({kTop}), 0.99));
}

TEST(BpfHistogram, TheRecordHoldsTheNonEmptyBucketsAndTheirTotal) {
  const auto counts = histogram_of({0, 1, 1, 100, 100, 100, std::uint64_t{1} << 63});
  const auto r = histogram_record(counts);
  EXPECT_EQ(r["unit"], "ns");
  EXPECT_EQ(r["count"], 7u);
  EXPECT_EQ(r["lower_bounds"], ordered_json::parse(R"([0, 1, 96, 9223372036854775808])"));
  EXPECT_EQ(r["counts"], ordered_json::parse("[1, 2, 3, 1]"));
  EXPECT_EQ(histogram_total(counts), 7u);
}

TEST(BpfHistogram, EveryHistogramHasItsQuantilesAndCountAsMetrics) {
  const auto specs = bpf_histogram_metrics();
  for (std::uint32_t kind = 0; kind < SL_HISTOGRAMS; ++kind) {
    const std::string base = std::string("bpf_") + bpf_histogram_info(kind).name;
    for (const char* figure : {"_p50_us", "_p90_us", "_p99_us", "_count", "_count_per_loop"})
      EXPECT_NE(find_metric(specs, base + figure), nullptr) << base + figure;
    EXPECT_EQ(find_metric(specs, base + "_p99_us")->better, Better::kLower);
  }
  MetricValues values;
  set_histogram_values(SL_RUNQ_LATENCY, histogram_of({2000, 4000}), 4, values);
  EXPECT_EQ(values.get("bpf_runq_latency_count"), 2);
  EXPECT_EQ(values.get("bpf_runq_latency_count_per_loop"), 0.5);
  EXPECT_TRUE(values.get("bpf_runq_latency_p50_us"));
  MetricValues empty;
  set_histogram_values(SL_FORK_TO_EXEC, std::vector<std::uint64_t>(SL_BUCKETS), 4, empty);
  EXPECT_EQ(empty.get("bpf_fork_to_exec_count"), 0);
  EXPECT_FALSE(empty.get("bpf_fork_to_exec_p50_us")) << "no quantile of nothing";
}

}  // namespace
}  // namespace schedlab
