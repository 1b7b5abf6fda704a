// Unit tests for the scenario options: parsing, --vary and the block plan.
#include <gtest/gtest.h>
#include <sched.h>

#include <CLI/CLI.hpp>
#include <algorithm>
#include <set>

#include "cli/run_command_line.h"
#include "spec/vary.h"
#include "core/error.h"
#include "stats/block_plan.h"
#include "scenario/sched_policy.h"
#include "workloads/builtin.h"

namespace schedlab {

TEST(SchedPolicy, ParsesEveryForm) {
  EXPECT_EQ(parse_policy("--policy", "other").policy, static_cast<std::uint32_t>(SCHED_OTHER));
  EXPECT_EQ(parse_policy("--policy", "idle").policy, static_cast<std::uint32_t>(SCHED_IDLE));
  const auto fifo = parse_policy("--policy", "fifo:50");
  EXPECT_EQ(fifo.policy, static_cast<std::uint32_t>(SCHED_FIFO));
  EXPECT_EQ(fifo.priority, 50u);
  EXPECT_EQ(policy_text(parse_policy("--policy", "rr:1")), "rr:1");
  for (const char* bad : {"fifo", "fifo:0", "rr:100", "deadline", "", "fifo:x"})
    EXPECT_THROW(parse_policy("--policy", bad), UsageError) << bad;
}

// The settings a `schedlab run spawn ARGS` command line stands for, parsed
// by the command line itself (the option table bound to CLI11).
RunSettings settings_of(std::vector<std::string> args) {
  const auto workloads = builtin_workloads();
  RunCommandLine line(*workloads.find("spawn"));
  std::reverse(args.begin(), args.end());
  line.app.parse(args);
  check_settings(line.settings);
  return line.settings;
}

TEST(ScenarioOptions, EveryControlParses) {
  const ScenarioRequest r =
      settings_of({"--cgroup-depth", "3", "--autogroup", "off", "--setsid", "--pin-copies", "--sysctl",
                   "kernel.sched_autogroup_enabled=0", "--sysctl", "kernel.x=a b", "--sched-feature", "NO_TTWU_QUEUE",
                   "--policy", "fifo:10", "--nice", "5"})
          .scenario;
  EXPECT_EQ(r.cgroup_depth, 3);
  EXPECT_EQ(r.autogroup, false);
  EXPECT_TRUE(r.setsid && r.pin_copies);
  EXPECT_EQ(r.sysctls[1], (std::pair<std::string, std::string>{"kernel.x", "a b"}));
  EXPECT_EQ(r.sched_attr()->priority, 10u);
  EXPECT_EQ(r.sched_attr()->nice, 5);
}

TEST(ScenarioOptions, BadValuesNameTheOption) {
  auto refused = [](const std::vector<std::string>& args, const char* fragment) {
    try {
      settings_of(args);
      ADD_FAILURE() << "accepted " << fragment;
    } catch (const UsageError& e) {
      EXPECT_NE(std::string(e.what()).find(fragment), std::string::npos) << e.what();
    }
  };
  refused({"--cgroup-depth", "-1"}, "--cgroup-depth '-1'");
  refused({"--cgroup-parent", "relative"}, "--cgroup-parent 'relative'");
  refused({"--autogroup", "maybe"}, "--autogroup 'maybe': expected on or off");
  refused({"--sysctl", "novalue"}, "--sysctl 'novalue'");
  refused({"--sysctl", "=1"}, "--sysctl '=1'");
  refused({"--sched-feature", "NO TTWU"}, "--sched-feature 'NO TTWU'");
  refused({"--policy", "fifo:0"}, "--policy 'fifo:0'");
  refused({"--nice", "99"}, "--nice '99'");
  refused({"--psi", "on"}, "--psi 'on': expected with --cgroup-depth 1 or more");
}

TEST(Vary, ParsesAndExpandsAFullFactorial) {
  EXPECT_THROW(parse_vary("autogroup=off"), UsageError);
  EXPECT_THROW(parse_vary("autogroup"), UsageError);
  EXPECT_THROW(parse_vary("copies=1,,2"), UsageError);
  // The same value twice would run two sets with one label: refused, with
  // the A/A recipe named.
  try {
    parse_vary("copies=1,1");
    ADD_FAILURE() << "copies=1,1 accepted";
  } catch (const UsageError& e) {
    EXPECT_NE(std::string(e.what()).find("--vary replicate=a,b"), std::string::npos) << e.what();
  }
  EXPECT_EQ(parse_vary("replicate=a,b").values.size(), 2u);
  const auto axes = std::vector<VaryAxis>{parse_vary("autogroup=off,on"), parse_vary("cgroup-depth=0,2,4")};
  const auto all = expand_axes(axes);
  ASSERT_EQ(all.size(), 6u);
  EXPECT_EQ(assignment_label(all[0]), "autogroup=off cgroup-depth=0");
  EXPECT_EQ(assignment_label(all[5]), "autogroup=on cgroup-depth=4");
  EXPECT_EQ(expand_axes({}).size(), 1u);
}

TEST(Vary, AssignmentsOverrideScenarioAndWorkloadOptions) {
  const auto workloads = builtin_workloads();
  WorkloadOptions w(workloads.find("spawn")->info());
  RunSettings s = settings_of({"--sysctl", "kernel.a=1", "--sysctl", "kernel.b=2", "--sched-feature", "TTWU_QUEUE"});
  apply_assignment("sysctl:kernel.b", "3", s, w);
  apply_assignment("sysctl:kernel.c", "4", s, w);
  apply_assignment("sched-feature", "NO_TTWU_QUEUE", s, w);
  apply_assignment("setsid", "on", s, w);
  apply_assignment("cpus", "0", s, w);
  apply_assignment("method", "vfork", s, w);
  using KV = std::pair<std::string, std::string>;
  EXPECT_EQ(s.scenario.sysctls, (std::vector<KV>{{"kernel.a", "1"}, {"kernel.b", "3"}, {"kernel.c", "4"}}));
  EXPECT_EQ(s.scenario.sched_features, (std::vector<std::string>{"NO_TTWU_QUEUE"}));
  EXPECT_TRUE(s.scenario.setsid);
  EXPECT_EQ(s.scenario.cpus, (std::vector<int>{0}));
  EXPECT_EQ(w.resolve().text("method"), "vfork");
  EXPECT_THROW(apply_assignment("bogus", "1", s, w), UsageError);
  EXPECT_THROW(apply_assignment("setsid", "maybe", s, w), UsageError);
}

TEST(BlockPlan, EveryBlockRunsEveryVariantOnce) {
  const auto plan = stats::plan_blocks(3, 5, 42);
  ASSERT_EQ(plan.size(), 15u);
  for (int block = 1; block <= 5; ++block) {
    std::set<int> seen;
    for (const auto& p : plan)
      if (p.block == block) seen.insert(p.variant);
    EXPECT_EQ(seen, (std::set<int>{0, 1, 2})) << "block " << block;
  }
  for (size_t i = 1; i < plan.size(); ++i) EXPECT_LE(plan[i - 1].block, plan[i].block);
}

TEST(BlockPlan, ReproducibleFromTheSeedAndRandomAcrossSeeds) {
  EXPECT_EQ(stats::plan_blocks(4, 10, 7), stats::plan_blocks(4, 10, 7));
  std::set<std::vector<int>> orders;
  for (std::uint64_t seed = 0; seed < 20; ++seed) {
    std::vector<int> order;
    for (const auto& p : stats::plan_blocks(4, 10, seed)) order.push_back(p.variant);
    orders.insert(order);
  }
  EXPECT_GT(orders.size(), 15u) << "different seeds give different orders";
  std::set<std::vector<int>> first_blocks;
  for (std::uint64_t seed = 0; seed < 50; ++seed) {
    std::vector<int> order;
    for (const auto& p : stats::plan_blocks(3, 1, seed)) order.push_back(p.variant);
    first_blocks.insert(order);
  }
  EXPECT_EQ(first_blocks.size(), 6u) << "every permutation of 3 variants occurs";
}

TEST(BlockPlan, OneVariantRunsInOrder) {
  const auto plan = stats::plan_blocks(1, 3, 99);
  EXPECT_EQ(plan, (std::vector<stats::PlannedRun>{{1, 0}, {2, 0}, {3, 0}}));
}

}  // namespace schedlab
