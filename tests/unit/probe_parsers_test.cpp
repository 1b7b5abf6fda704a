// The probes' parsers against files copied from the development VM
// (tests/fixtures/probes): pure text in, numbers out, no real /proc.
#include <gtest/gtest.h>

#include <fstream>
#include <sstream>

#include "sys/kernel_text.h"
#include "sys/task_tree.h"

namespace schedlab::sys {
namespace {

std::string fixture(const std::string& name) {
  std::ifstream in(std::string(SCHEDLAB_FIXTURE_DIR) + "/probes/" + name);
  std::stringstream ss;
  ss << in.rdbuf();
  EXPECT_TRUE(in.good() || in.eof()) << name;
  return ss.str();
}

TEST(ProbeParsers, SchedstatHasRunTimeDelayAndTimeslices) {
  const auto s = parse_schedstat(fixture("schedstat.txt"));
  ASSERT_TRUE(s);
  EXPECT_EQ(s->run_ns, 6211u);
  EXPECT_EQ(s->run_delay_ns, 21728790u);
  EXPECT_EQ(s->timeslices, 2u);
  EXPECT_FALSE(parse_schedstat("12 34"));
  EXPECT_FALSE(parse_schedstat("a b c"));
}

TEST(ProbeParsers, PressureTotalsAreMicroseconds) {
  const auto cpu = parse_pressure(fixture("pressure_cpu.txt"));
  ASSERT_TRUE(cpu);
  EXPECT_EQ(cpu->some_us, 5517331300u);
  ASSERT_TRUE(cpu->full_us);
  EXPECT_EQ(*cpu->full_us, 0u);
  const auto old = parse_pressure(fixture("pressure_cpu_old_kernel.txt"));  // no "full" line
  ASSERT_TRUE(old);
  EXPECT_EQ(old->some_us, 12345u);
  EXPECT_FALSE(old->full_us);
  EXPECT_TRUE(parse_pressure(fixture("cgroup_cpu_pressure.txt")));
  EXPECT_TRUE(parse_pressure(fixture("pressure_io.txt")));
  EXPECT_FALSE(parse_pressure(""));
  EXPECT_FALSE(parse_pressure("some avg10=1.00 total=x\n"));
}

TEST(ProbeParsers, StatCountersTakeTheTotalOfIntrAndSoftirq) {
  const auto c = parse_stat_counters(fixture("proc_stat.txt"));
  EXPECT_EQ(c.at("ctxt"), 70933244u);
  EXPECT_EQ(c.at("processes"), 11148833u);
  EXPECT_EQ(c.at("intr"), 12228807u);
  EXPECT_EQ(c.at("softirq"), 10251223u);
  EXPECT_EQ(c.count("btime"), 0u);
}

TEST(ProbeParsers, VmstatByName) {
  const auto v = parse_vmstat(fixture("vmstat.txt"));
  EXPECT_GT(v.size(), 100u);
  EXPECT_EQ(v.count("pgfault"), 1u);
  EXPECT_EQ(v.count("pgmajfault"), 1u);
  EXPECT_EQ(parse_vmstat("pgfault 7\nbogus\nnr_x -1\n").size(), 1u);
}

TEST(ProbeParsers, ACounterThatWentBackwardsHasNoDelta) {
  EXPECT_EQ(counter_delta(5, 9), 4u);
  EXPECT_FALSE(counter_delta(9, 5));
}

TEST(ProbeParsers, ProcessTreeFollowsChildrenBreadthFirst) {
  // 10 -> 11 -> 13, 10 -> 12; 20 is someone else's.
  const std::map<pid_t, pid_t> parents = {{10, 1}, {11, 10}, {12, 10}, {13, 11}, {20, 1}};
  EXPECT_EQ(process_tree({10}, parents), (std::vector<pid_t>{10, 11, 12, 13}));
  EXPECT_EQ(process_tree({11, 20}, parents), (std::vector<pid_t>{11, 20, 13}));
}

}  // namespace
}  // namespace schedlab::sys
