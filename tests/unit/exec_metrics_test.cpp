// Unit tests for the exec workload's exec_us (src/workloads/exec.cpp) with
// a synthetic stalled copy.
#include <gtest/gtest.h>

#include "workloads/builtin.h"

namespace schedlab {
namespace {

MetricValues derive(const std::vector<std::uint64_t>& loops, const std::vector<double>& window_s) {
  const auto workloads = builtin_workloads();
  WindowOutcome o;
  o.loops = loops;
  o.copy_window_s = window_s;
  o.window_s = *std::max_element(window_s.begin(), window_s.end());
  RunRecord run;
  workloads.find("exec")->derive(Params{}, o, RunResources{}, run);
  return run.values;
}

}  // namespace

// Two copies share a 1 s window; one was stalled and did 10 execs.  Each exec
// took 1 s / 1010 of the copies' combined time per copy: 2 s / 1010 execs,
// 1980 us, as UnixBench's sum of counts / mean elapsed gives it.  The mean of
// the per-copy ratios read 50,500 us: the stalled copy's 100,000 us ruled it.
TEST(ExecMetrics, AStalledCopyWeighsByItsExecsNotAsOneCopy) {
  const MetricValues v = derive({1000, 10}, {1.0, 1.0});
  EXPECT_NEAR(*v.get("exec_us"), 2e6 / 1010, 1e-6);
  EXPECT_DOUBLE_EQ(*v.get("execs"), 1010);
  EXPECT_DOUBLE_EQ(*v.get("elapsed_s"), 1.0);
}

// Iteration-bound: every copy does the same execs, so both estimators agree:
// the stalled copy's 10 s count for what they are.
TEST(ExecMetrics, IterationBoundCopiesAddTheirTimes) {
  const MetricValues v = derive({100, 100}, {0.1, 10.0});
  EXPECT_NEAR(*v.get("exec_us"), 10.1e6 / 200, 1e-6);
  EXPECT_DOUBLE_EQ(*v.get("elapsed_s"), 10.0) << "the slowest copy";
}

}  // namespace schedlab
