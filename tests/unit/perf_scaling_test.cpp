// Unit tests for src/probes/perf_scaling.cpp: multiplexed counter groups
// are scaled each by its own enabled / running time, as perf stat does.
#include <gtest/gtest.h>

#include "probes/perf_scaling.h"

namespace schedlab {
namespace {

sys::PerfGroupReading read(std::uint64_t count, std::uint64_t enabled, std::uint64_t running) {
  return {{count}, enabled, running};
}

}  // namespace

// Task A counted all of its 100 ms: 1000 events.  Task B counted a tenth of
// its 100 ms (the PMU multiplexed it): 50 events seen, 500 estimated.  Per
// group: 1500.  One ratio over both (200 ms enabled / 110 ms running, 1.82)
// gave 1909: A's exact count inflated by B's multiplexing.
TEST(PerfScaling, EachGroupIsScaledByItsOwnRatio) {
  const auto s = scale_per_group({read(0, 0, 0), read(0, 0, 0)},
                                 {read(1000, 100, 100), read(50, 100, 10)});
  ASSERT_TRUE(s);
  EXPECT_DOUBLE_EQ(s->counts[0], 1500);
  EXPECT_DOUBLE_EQ(s->max_ratio, 10);
  EXPECT_EQ(s->never_ran, 0u);
}

TEST(PerfScaling, DeltasAreTakenPerGroupBetweenTheEdges) {
  const auto s = scale_per_group({read(400, 1000, 500)}, {read(600, 2000, 1000)});
  ASSERT_TRUE(s);
  EXPECT_DOUBLE_EQ(s->counts[0], 400) << "(600 - 400) x (1000 / 500)";
}

TEST(PerfScaling, AGroupThatNeverCountedIsNotGuessedAt) {
  const auto s = scale_per_group({read(0, 0, 0), read(7, 50, 50)}, {read(0, 100, 0), read(7, 50, 50)});
  EXPECT_FALSE(s) << "nothing counted in the window: no figure";
  const auto some = scale_per_group({read(0, 0, 0), read(0, 0, 0)}, {read(0, 100, 0), read(30, 100, 100)});
  ASSERT_TRUE(some);
  EXPECT_DOUBLE_EQ(some->counts[0], 30);
  EXPECT_EQ(some->never_ran, 1u) << "said, not scaled from nothing";
}

}  // namespace schedlab
