// Unit tests for src/runner/rate_sampler.cpp: per-second rates after a
// harness stall.
#include <gtest/gtest.h>

#include "runner/rate_sampler.h"

namespace schedlab {
namespace {

constexpr std::uint64_t kS = 1'000'000'000;

// Drives the sampler the way the harness does: wake at the read that is due,
// or later when `late_wake` says so, with counters advancing 1000 loops/s.
std::vector<double> run(RateSampler& s, std::uint64_t end_ns, std::uint64_t stall_at, std::uint64_t stall_ns) {
  while (s.next_due() <= end_ns) {
    std::uint64_t now = s.next_due() + 1000;  // a microsecond of wake-up latency
    if (s.next_due() == stall_at) now += stall_ns;
    s.add(now, now / 1'000'000);
  }
  return s.rates();
}

}  // namespace

TEST(RateSampler, AStalledHarnessMakesOneLongSampleNotACatchUp) {
  RateSampler s(0, 0);
  const auto rates = run(s, 10 * kS, 2 * kS, 2'500'000'000);  // the read due at 2 s comes at 4.5 s
  ASSERT_FALSE(rates.empty());
  for (double r : rates) EXPECT_NEAR(r, 1000, 1) << "no rate over microseconds (a fixed grid gave 0 or ~1e6)";
  EXPECT_EQ(s.dropped(), 0u);
  EXPECT_LT(rates.size(), 10u) << "the stalled seconds are one sample";
}

TEST(RateSampler, NextReadIsAPeriodAfterTheLastOneTaken) {
  RateSampler s(0, 0);
  s.add(3'400'000'000, 3400);  // due at 1 s, taken at 3.4 s
  EXPECT_EQ(s.next_due(), 4'400'000'000u) << "not 2 s, which has passed";
  ASSERT_EQ(s.rates().size(), 1u);
  EXPECT_DOUBLE_EQ(s.rates()[0], 1000);
}

TEST(RateSampler, AReadTooSoonIsFoldedIntoTheNextSample) {
  RateSampler s(0, 0);
  s.add(kS, 1000);
  s.add(kS + 400'000'000, 1000);  // 0.4 s after the last: under half a period
  EXPECT_EQ(s.dropped(), 1u);
  EXPECT_EQ(s.rates().size(), 1u);
  s.add(2 * kS, 3000);
  ASSERT_EQ(s.rates().size(), 2u);
  EXPECT_DOUBLE_EQ(s.rates()[1], 2000) << "spans 1 s to 2 s";
}

}  // namespace schedlab
