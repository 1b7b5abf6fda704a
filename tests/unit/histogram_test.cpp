// Unit tests for src/channel/histogram.c.
#include "channel/histogram.h"

#include <gtest/gtest.h>

#include <cmath>
#include <memory>

namespace {

std::unique_ptr<sl_hist> make() {
  auto h = std::make_unique<sl_hist>();
  sl_hist_init(h.get());
  return h;
}

}  // namespace

TEST(Histogram, ExactBelowTheLinearRange) {
  for (uint64_t v : {0ull, 1ull, 17ull, 511ull}) {
    EXPECT_EQ(sl_hist_bucket(v), v);
    EXPECT_EQ(sl_hist_bucket_low(sl_hist_bucket(v)), v);
    EXPECT_EQ(sl_hist_bucket_width(sl_hist_bucket(v)), 1u);
  }
  auto h = make();
  sl_hist_add(h.get(), 0);  // a 0 ns sample is kept, not dropped
  sl_hist_add(h.get(), 300);
  EXPECT_EQ(h->count, 2u);
  EXPECT_EQ(sl_hist_percentile(h.get(), 50), 0u);
  EXPECT_EQ(sl_hist_percentile(h.get(), 99), 300u);
}

TEST(Histogram, BucketBoundsAndRelativeError) {
  EXPECT_EQ(sl_hist_bucket(512), SL_HIST_LINEAR);
  EXPECT_EQ(sl_hist_bucket_low(SL_HIST_LINEAR), 512u);
  EXPECT_EQ(sl_hist_bucket_width(SL_HIST_LINEAR), 2u);
  EXPECT_EQ(sl_hist_bucket(1023), SL_HIST_LINEAR + 255);
  EXPECT_EQ(sl_hist_bucket(1024), SL_HIST_LINEAR + 256);
  EXPECT_EQ(sl_hist_bucket_width(SL_HIST_LINEAR + 256), 4u);
  for (uint64_t v = 600; v < (1ull << 36); v = v * 3 + 7) {
    const uint32_t b = sl_hist_bucket(v);
    const uint64_t low = sl_hist_bucket_low(b), width = sl_hist_bucket_width(b);
    ASSERT_LE(low, v);
    ASSERT_LT(v, low + width);
    EXPECT_LE(static_cast<double>(width) / static_cast<double>(low), 1.0 / 256 + 1e-12) << v;
    EXPECT_LE(std::fabs(static_cast<double>(low) + static_cast<double>(width) / 2 - static_cast<double>(v)) /
                  static_cast<double>(v), 0.004) << v;
  }
  EXPECT_EQ(sl_hist_bucket(1ull << 40), SL_HIST_BUCKETS - 1) << "huge values clamp";
}

TEST(Histogram, PercentileIsTheFirstBucketReachingTheRank) {
  auto h = make();
  for (uint64_t v = 1; v <= 100; ++v) sl_hist_add(h.get(), v);
  EXPECT_EQ(sl_hist_percentile(h.get(), 20), 20u);
  EXPECT_EQ(sl_hist_percentile(h.get(), 50), 50u);
  EXPECT_EQ(sl_hist_percentile(h.get(), 99), 99u);
  EXPECT_EQ(sl_hist_percentile(h.get(), 99.9), 100u);
  EXPECT_EQ(h->min, 1u);
  EXPECT_EQ(h->max, 100u);
}

TEST(Histogram, PercentilesAreClampedToMinAndMax) {
  auto h = make();
  sl_hist_add(h.get(), 1000001);  // its bucket's midpoint lies above it
  EXPECT_EQ(sl_hist_percentile(h.get(), 50), 1000001u);
}

TEST(Histogram, MergeAddsCountsAndKeepsExtremes) {
  auto a = make(), b = make();
  sl_hist_add(a.get(), 10);
  sl_hist_add(a.get(), 5000);
  sl_hist_add(b.get(), 3);
  sl_hist_add(b.get(), 90000);
  sl_hist_merge(a.get(), b.get());
  EXPECT_EQ(a->count, 4u);
  EXPECT_EQ(a->min, 3u);
  EXPECT_EQ(a->max, 90000u);
  EXPECT_EQ(sl_hist_percentile(a.get(), 50), 10u);
  EXPECT_EQ(sl_hist_percentile(make().get(), 50), 0u) << "empty";
}

// 32-bit bins saturated at 2^32 - 1 when merged; the walk then never reached
// the rank and every percentile came out as the maximum.
TEST(Histogram, MergedBinsDoNotSaturate) {
  auto a = make(), b = make();
  const uint32_t low = sl_hist_bucket(1000), high = sl_hist_bucket(900000);
  a->buckets[low] = 3'000'000'000ull;
  a->count = 3'000'000'000ull;
  a->min = 1000;
  a->max = 1000;
  b->buckets[low] = 3'000'000'000ull;
  b->buckets[high] = 1;
  b->count = 3'000'000'001ull;
  b->min = 1000;
  b->max = 900000;
  sl_hist_merge(a.get(), b.get());
  EXPECT_EQ(a->buckets[low], 6'000'000'000ull);
  EXPECT_EQ(a->count, 6'000'000'001ull);
  const uint64_t mid = sl_hist_bucket_low(low) + sl_hist_bucket_width(low) / 2;
  EXPECT_EQ(sl_hist_percentile(a.get(), 50), mid);
  EXPECT_EQ(sl_hist_percentile(a.get(), 99.9), mid) << "not the maximum: the rank is reached";
  EXPECT_EQ(sl_hist_percentile(a.get(), 100), 900000u);
}
