// Unit tests for src/sys/proc_stat.cpp and src/probes/cpu_split.cpp.
#include "sys/proc_stat.h"

#include <gtest/gtest.h>

#include "probes/cpu_split.h"

namespace schedlab {

constexpr const char* kBefore =
    "cpu  100 0 200 700 0 0 0 0 0 0\n"
    "cpu0 50 0 100 350 0 0 0 0 0 0\n"
    "cpu1 50 0 100 350 0 0 0 0 0 0\n"
    "intr 1 2 3\n";
constexpr const char* kAfter =
    "cpu  103 0 297 700 0 0 0 0 0 0\n"
    "cpu0 53 0 197 350 0 0 0 0 0 0\n"
    "cpu1 50 0 100 350 0 0 0 0 0 0\n";

TEST(ProcStat, ParsesAllAndPerCpuLines) {
  const auto s = sys::parse_proc_stat(kBefore);
  EXPECT_EQ(s.all.ticks[sys::CpuTimes::kSystem], 200u);
  ASSERT_EQ(s.per_cpu.size(), 2u);
  EXPECT_EQ(s.per_cpu.at(1).ticks[sys::CpuTimes::kIdle], 350u);
  EXPECT_EQ(s.all.total(), 1000u);
}

TEST(CpuSplit, SystemWideAndSetShares) {
  const auto before = sys::parse_proc_stat(kBefore), after = sys::parse_proc_stat(kAfter);
  MetricValues v;
  add_cpu_split("cpu_", before.all, after.all, v);
  EXPECT_DOUBLE_EQ(*v.get("cpu_user_pct"), 3.0);
  EXPECT_DOUBLE_EQ(*v.get("cpu_sys_pct"), 97.0);
  EXPECT_DOUBLE_EQ(*v.get("cpu_idle_pct"), 0.0);
  add_cpu_split("set_cpu_", sum_cpus(before, {0}), sum_cpus(after, {0}), v);
  EXPECT_DOUBLE_EQ(*v.get("set_cpu_sys_pct"), 97.0);
}

TEST(CpuSplit, NoTicksGivesZeroNotNan) {
  const auto s = sys::parse_proc_stat(kBefore);
  MetricValues v;
  add_cpu_split("cpu_", s.all, s.all, v);
  EXPECT_DOUBLE_EQ(*v.get("cpu_idle_pct"), 0.0);
}

// The kernel can move iowait ticks back into idle: a state whose counter
// decreased contributes 0, not an unsigned wrap of about 1e17 %.
TEST(CpuSplit, DecreasingCounterIsZeroNotAWrap) {
  const auto before = sys::parse_proc_stat("cpu  100 0 200 700 50 0 0 0 0 0\n");
  const auto after = sys::parse_proc_stat("cpu  110 0 210 780 45 0 0 0 0 0\n");
  MetricValues v;
  add_cpu_split("cpu_", before.all, after.all, v);
  EXPECT_DOUBLE_EQ(*v.get("cpu_iowait_pct"), 0.0);
  EXPECT_DOUBLE_EQ(*v.get("cpu_idle_pct"), 80.0);
  EXPECT_DOUBLE_EQ(*v.get("cpu_user_pct"), 10.0);
  EXPECT_EQ(sys::ticks_between(before.all, after.all).busy(), 20u);
}

}  // namespace schedlab
