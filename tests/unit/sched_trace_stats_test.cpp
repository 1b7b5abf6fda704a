// The sched-trace probe's arithmetic on fixture event sequences.
#include <gtest/gtest.h>

#include "probes/sched_trace_stats.h"

namespace schedlab {
namespace {

using K = SchedEventKind;

SchedEvent ev(K kind, std::uint64_t ts, pid_t pid, pid_t other = 0, bool runnable = false) {
  return {kind, ts, pid, other, runnable};
}

TEST(SchedTraceStats, CountsOnlyTheCopiesTasksInsideTheWindow) {
  SchedTraceStats s({100}, 1000, 2000);
  s.add(ev(K::kMigrate, 500, 100));   // before the window
  s.add(ev(K::kMigrate, 1500, 100));
  s.add(ev(K::kMigrate, 1500, 999));  // not ours
  s.add(ev(K::kMigrate, 2500, 100));  // after
  EXPECT_EQ(s.count(K::kMigrate), 1u);
}

TEST(SchedTraceStats, ChildrenForkedBeforeTheWindowAreFollowed) {
  SchedTraceStats s({100}, 1000, 2000);
  s.add(ev(K::kFork, 900, 100, 101));  // in the warmup
  s.add(ev(K::kFork, 950, 555, 556));  // someone else's
  s.add(ev(K::kExec, 1100, 101));
  s.add(ev(K::kExit, 1200, 101));
  s.add(ev(K::kExit, 1200, 556));
  EXPECT_EQ(s.count(K::kFork), 0u);
  EXPECT_EQ(s.count(K::kExec), 1u);
  EXPECT_EQ(s.count(K::kExit), 1u);
}

TEST(SchedTraceStats, WakeupToRunLatencyPairsTheFirstWakingWithTheSwitchIn) {
  SchedTraceStats s({100, 200}, 0, 10'000);
  s.add(ev(K::kWaking, 1000, 100));
  s.add(ev(K::kWaking, 1200, 100));              // already waking: the first wins
  s.add(ev(K::kSwitch, 1500, 200, 100, false));  // 200 sleeps, 100 runs: 500 ns
  s.add(ev(K::kWakeupNew, 2000, 200));
  s.add(ev(K::kSwitch, 2300, 100, 200, true));   // 100 preempted, 200 runs: 300 ns
  s.add(ev(K::kSwitch, 2600, 200, 100, false));  // 100 back after a preemption: 300 ns, no latency sample
  EXPECT_EQ(s.wakeup_latencies_ns(), (std::vector<std::uint64_t>{500, 300}));
  EXPECT_EQ(s.run_delay_ns(), 1100u);
  EXPECT_EQ(s.count(K::kSwitch), 3u);
}

TEST(SchedTraceStats, ASwitchInReadBeforeItsWakingIsNotPairedLater) {
  SchedTraceStats s({100}, 0, 10'000);
  s.add(ev(K::kWaking, 3000, 100));
  s.add(ev(K::kSwitch, 2000, 1, 100));  // earlier than the waking (another CPU's stream)
  s.add(ev(K::kSwitch, 9000, 1, 100));
  EXPECT_TRUE(s.wakeup_latencies_ns().empty());
}

TEST(SchedTraceStats, PreemptedMeansNoStateBitInTheLowByte) {
  EXPECT_TRUE(switched_out_runnable(0));
  EXPECT_TRUE(switched_out_runnable(0x100));  // R+
  EXPECT_FALSE(switched_out_runnable(1));     // S
  EXPECT_FALSE(switched_out_runnable(2));     // D
}

TEST(SchedTraceStats, NearestRankPercentiles) {
  std::vector<std::uint64_t> xs = {5, 1, 4, 2, 3};
  EXPECT_EQ(nearest_rank_percentile(xs, 50), 3);
  EXPECT_EQ(nearest_rank_percentile(xs, 99), 5);
  EXPECT_EQ(nearest_rank_percentile(xs, 0), 1);
  std::vector<std::uint64_t> none;
  EXPECT_EQ(nearest_rank_percentile(none, 50), 0);
}

}  // namespace
}  // namespace schedlab
