// Unit tests for src/scenario/scenario.cpp and the workloads' per-copy arguments.
#include "scenario/scenario.h"

#include <gtest/gtest.h>

#include "core/error.h"
#include "runner/stop_rule.h"
#include "spec/run_option_table.h"
#include "workloads/builtin.h"

namespace schedlab {

TEST(Scenario, CopiesResolveAgainstTheCpuSet) {
  ScenarioRequest r;
  r.copies = parse_copies("--copies", "auto");
  r.cpus = std::vector<int>{0, 1, 2, 3};
  const auto plan = plan_scenario(r, {0, 1, 2, 3, 4, 5, 6, 7}, option_name);
  EXPECT_EQ(plan.copies, 4);
  EXPECT_TRUE(plan.set_affinity);
  EXPECT_EQ(plan.placements[3].cpus, (std::vector<int>{0, 1, 2, 3}));
}

TEST(Scenario, PinCopiesPutsCopyIOnTheIthCpu) {
  ScenarioRequest r;
  r.copies = parse_copies("--copies", "3");
  r.cpus = std::vector<int>{4, 6};
  r.pin_copies = true;
  const auto plan = plan_scenario(r, {0, 1, 2, 3, 4, 5, 6, 7}, option_name);
  EXPECT_EQ(plan.placements[0].cpus, (std::vector<int>{4}));
  EXPECT_EQ(plan.placements[1].cpus, (std::vector<int>{6}));
  EXPECT_EQ(plan.placements[2].cpus, (std::vector<int>{4}));
}

TEST(Scenario, InheritsAffinityWithoutCpus) {
  ScenarioRequest r;
  r.copies = parse_copies("--copies", "2x");
  const auto plan = plan_scenario(r, {0, 1}, option_name);
  EXPECT_EQ(plan.copies, 4);
  EXPECT_FALSE(plan.set_affinity);
}

TEST(Scenario, RefusesCpusOutsideOurAffinity) {
  ScenarioRequest r;
  r.cpus = std::vector<int>{99};
  try {
    plan_scenario(r, {0, 1}, option_name);
    FAIL();
  } catch (const UsageError& e) {
    EXPECT_STREQ(e.what(),
                 "--cpus '99': expected CPUs this process may use (0-1); CPU 99 is not one of them");
  }
}

TEST(ContextWorkload, PlacementPicksCpusPerPair) {
  const auto workloads = builtin_workloads();
  const Workload& w = *workloads.find("context");
  Params p;
  p.set("placement", std::string("cross-cpu"));
  CopyPlacement copy{1, {4, 5, 6, 7}};
  EXPECT_EQ(w.worker_args(p, copy, RunResources{}).args, (std::vector<std::string>{"6", "7"}));
  p.set("placement", std::string("same-cpu"));
  EXPECT_EQ(w.worker_args(p, copy, RunResources{}).args, (std::vector<std::string>{"5", "5"}));
  p.set("placement", std::string("free"));
  EXPECT_EQ(w.worker_args(p, copy, RunResources{}).args, (std::vector<std::string>{"-1", "-1"}));
}

TEST(ContextWorkload, CrossCpuNeedsTwoCpus) {
  const auto workloads = builtin_workloads();
  Params p;
  p.set("placement", std::string("cross-cpu"));
  ScenarioPlan plan;
  plan.cpu_set = {1};
  EXPECT_THROW(workloads.find("context")->validate(p, plan), UsageError);
}

TEST(ExecWorkload, ViaShellRunsTheLiteralBashLoop) {
  const auto workloads = builtin_workloads();
  const Workload& w = *workloads.find("exec");
  Params p;
  p.set("method", std::string("fork"));
  p.set("program", std::string("/bin/true"));
  p.set("args", std::string("a b'c"));
  p.set("iterations", std::int64_t{20000});
  p.set("via-shell", true);
  const auto args = w.worker_args(p, CopyPlacement{}, RunResources{});
  EXPECT_EQ(args.mode, SL_MODE_EXEC_SHELL);
  EXPECT_EQ(args.args.back(),
            "for ((i = 0; i < 20000; i++)); do '/bin/true' 'a' 'b'\\''c'; done");
  RunOptions with_duration;
  with_duration.duration = std::chrono::seconds(1);
  EXPECT_THROW(decide_stop_rule(w, p, with_duration), UsageError);
  RunOptions with_warmup;
  with_warmup.warmup = std::chrono::seconds(1);
  EXPECT_THROW(decide_stop_rule(w, p, with_warmup), UsageError);
  EXPECT_EQ(decide_stop_rule(w, p, RunOptions{}).iterations, 20000u);
  EXPECT_EQ(w.processes_per_copy(p), 3);
}

TEST(ExecWorkload, IterationsUnlessADurationIsGiven) {
  const auto workloads = builtin_workloads();
  const Workload& w = *workloads.find("exec");
  Params p;
  p.set("iterations", std::int64_t{500});
  p.set("via-shell", false);
  EXPECT_EQ(decide_stop_rule(w, p, RunOptions{}).iterations, 500u);
  EXPECT_TRUE(decide_stop_rule(w, p, RunOptions{}).iteration_bound());
  RunOptions o;
  o.duration = std::chrono::seconds(2);
  const StopRule rule = decide_stop_rule(w, p, o);
  EXPECT_EQ(*rule.window, std::chrono::seconds(2));
  EXPECT_EQ(rule.plan().mode, SL_STOP_WINDOW) << "a window: the worker is not told to stop early";
  EXPECT_EQ(rule.plan().iterations, 0u);
}

// command runs once per run: its stop rule is one iteration, and neither a
// window nor a warmup makes sense (the warmup used to be accepted and left
// elapsed_s short by it).
TEST(CommandWorkload, OneIterationNoWindowNoWarmup) {
  const auto workloads = builtin_workloads();
  const Workload& w = *workloads.find("command");
  const Params p;
  EXPECT_EQ(decide_stop_rule(w, p, RunOptions{}).iterations, 1u);
  RunOptions warm;
  warm.warmup = std::chrono::milliseconds(500);
  EXPECT_THROW(decide_stop_rule(w, p, warm), UsageError);
  RunOptions window;
  window.duration = std::chrono::seconds(1);
  EXPECT_THROW(decide_stop_rule(w, p, window), UsageError);
}

TEST(SpawnWorkload, ChildLeavesWithExitAsUnixBenchUnlessAsked) {
  const auto workloads = builtin_workloads();
  const Workload& w = *workloads.find("spawn");
  Params p;
  for (const auto& spec : w.info().params) p.set(spec.name, parse_param(spec, spec.default_text));
  EXPECT_EQ(p.text("child-exit"), "exit") << "UnixBench's child calls exit(0)";
  EXPECT_EQ(w.worker_args(p, CopyPlacement{}, RunResources{}).args,
            (std::vector<std::string>{"fork", "exit"}));
  p.set("method", std::string("vfork"));
  w.complete_params(p, ScenarioPlan{});
  EXPECT_EQ(p.text("child-exit"), "_exit") << "a vforked child must not run exit()";
}

TEST(ExecWorkload, ExecMicrosecondsPerCopy) {
  const auto workloads = builtin_workloads();
  WindowOutcome o{2.0, {4000, 2000}, {2.0, 1.0}};
  RunRecord run;
  workloads.find("exec")->derive(Params{}, o, RunResources{}, run);
  const MetricValues& v = run.values;
  EXPECT_DOUBLE_EQ(*v.get("exec_us"), 500.0);
  EXPECT_DOUBLE_EQ(*v.get("elapsed_s"), 2.0);
  EXPECT_DOUBLE_EQ(*v.get("execs"), 6000.0);
}

}  // namespace schedlab
