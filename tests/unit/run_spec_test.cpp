// Unit tests for src/runner/run_spec.cpp and src/cli/run_spec_io.cpp: one
// typed spec, written into a result and read back through the command
// line's own parsers.
#include <gtest/gtest.h>

#include <functional>

#include "spec/run_spec_io.h"
#include "core/error.h"
#include "stats/block_plan.h"
#include "spec/run_option_table.h"
#include "support/registries.h"

namespace schedlab {
namespace {

// A spec as `run` would build it from a command line.
RunSpec spec_of(const WorkloadRegistry& workloads, const std::string& workload,
                const std::function<void(RunSettings&, WorkloadOptions&)>& edit) {
  const Workload& w = *workloads.find(workload);
  RunSettings settings;
  WorkloadOptions options(w.info());
  edit(settings, options);
  return make_run_spec(w, testing::probe_list(), settings, options);
}

ordered_json recorded(const RunSettings& s) { return ordered_json(s); }

ResultSet written(const RunSpec& spec) {
  ResultSet set;
  write_run_spec(spec, set);
  return set;
}

std::string error_reading(const ResultSet& set, const WorkloadRegistry& workloads) {
  try {
    read_run_spec(set, {workloads, testing::probe_list()});
  } catch (const UsageError& e) {
    return e.what();
  }
  return "";
}

}  // namespace

// Every option the table says is recorded, set to its example, changes
// what a result file records and survives it: an option dropped on both
// sides of to_json/from_json fails the first check, one dropped on either
// side the second.  The list is the table itself, so an option added later
// is checked without anyone adding it here.
TEST(RunSpec, EveryRecordedOptionSurvivesTheResultFile) {
  const auto workloads = builtin_workloads();
  const ordered_json defaults = recorded(RunSettings{});
  RunSettings all;
  int walked = 0;
  for (const auto& spec : run_option_specs()) {
    if (!spec.recorded()) continue;
    ASSERT_FALSE(spec.example.empty()) << spec.names << ": a recorded option needs an example";
    RunSettings one;
    spec.apply(one, long_name(spec), spec.example);
    EXPECT_NE(recorded(one).value(spec.key, ordered_json()), defaults.value(spec.key, ordered_json()))
        << spec.names << " " << spec.example << " is not written into the file under \"" << spec.key << "\"";
    spec.apply(all, long_name(spec), spec.example);
    ++walked;
  }
  EXPECT_GE(walked, 20);
  const RunSpec spec = spec_of(workloads, "spawn", [&](RunSettings& s, WorkloadOptions& w) {
    s = all;
    w.set_text("method", "vfork");
  });
  const ResultSet set = written(spec);
  const RunSpec back = read_run_spec(set, {workloads, testing::probe_list()});
  EXPECT_EQ(back.workload->info().name, "spawn");
  EXPECT_EQ(back.params.text("method"), "vfork");
  EXPECT_EQ(recorded({back.options, back.scenario}), recorded(all)) << "every recorded option read back";
  EXPECT_EQ(back.options.warmup_runs, 2) << "check used to drop the baseline's warmup runs";
  ResultSet again;
  write_run_spec(back, again);
  EXPECT_EQ(ordered_json(again.scenario.requested), ordered_json(set.scenario.requested));
  EXPECT_EQ(ordered_json(again.workload.params), ordered_json(set.workload.params));
}

// What a set does not record is an invocation's, never the spec's: output
// paths, labels, how it talks.
TEST(RunSpec, InvocationOptionsAreNotRecorded) {
  for (const auto& spec : run_option_specs()) {
    if (spec.recorded()) continue;
    RunSettings one;
    spec.apply(one, long_name(spec), spec.arity == RunOptionSpec::Arity::kFlag ? "on" : "x.json");
    EXPECT_EQ(recorded(one), recorded(RunSettings{})) << spec.names << " is written though not declared recorded";
  }
}

TEST(RunSpec, CommandAndListsRoundTrip) {
  const auto workloads = builtin_workloads();
  const RunSpec spec = spec_of(workloads, "command", [](RunSettings&, WorkloadOptions& w) {
    w.set_list("command", {"/bin/sh", "-c", "true"});
    w.set_list("env", {"A=1", "B=2"});
    w.set_text("ignore-status", "on");
  });
  const RunSpec back = read_run_spec(written(spec), {workloads, testing::probe_list()});
  EXPECT_EQ(back.params.list("command"), (std::vector<std::string>{"/bin/sh", "-c", "true"}));
  EXPECT_EQ(back.params.list("env"), (std::vector<std::string>{"A=1", "B=2"}));
  EXPECT_TRUE(back.params.flag("ignore-status"));
}

// A result file is input: what the command line refuses, a file may not
// smuggle in.
TEST(RunSpec, ABaselineIsCheckedLikeTheCommandLine) {
  const auto workloads = builtin_workloads();
  const ResultSet good = written(spec_of(workloads, "spawn", [](auto&, auto&) {}));
  auto with = [&](const char* key, ordered_json value) {
    ResultSet s = good;
    s.scenario.requested[key] = std::move(value);
    return error_reading(s, workloads);
  };
  EXPECT_NE(with("cgroup_parent", "/../../etc").find("--cgroup-parent"), std::string::npos);
  EXPECT_NE(with("runs", 1e308).find("--runs"), std::string::npos);
  EXPECT_NE(with("runs", 0).find("scenario.requested.runs (--runs) '0'"), std::string::npos);
  EXPECT_NE(with("pin_copies", "yes").find("scenario.requested.pin_copies"), std::string::npos);
  EXPECT_NE(with("sysctl", ordered_json::array()).find("scenario.requested.sysctl"), std::string::npos);
  EXPECT_NE(with("duration_s", -1).find("--duration"), std::string::npos);
  EXPECT_EQ(with("duration_s", nullptr), "") << "no duration: the default window";
  // A probe this schedlab does not have: named as the file names it, with the probes it has.
  const std::string probe = with("probes", "psi,bogus");
  EXPECT_NE(probe.find("the result's spec: scenario.requested.probes (--probes) 'psi,bogus'"), std::string::npos) << probe;
  EXPECT_NE(probe.find("sched-trace"), std::string::npos) << probe;

  ResultSet params = good;
  ordered_json p = params.workload.params;
  p["method"] = "clone3";
  from_json(p, params.workload.params);
  EXPECT_NE(error_reading(params, workloads).find("--method 'clone3'"), std::string::npos);
  ResultSet unknown = good;
  unknown.workload.params.set("bogus", std::string("1"));
  EXPECT_NE(error_reading(unknown, workloads).find("workload.params.bogus: not an option"),
            std::string::npos);
  ResultSet foreign = good;
  foreign.workload.name = "stress";
  EXPECT_NE(error_reading(foreign, workloads).find("unknown"), std::string::npos);
}

// Files written before --child-exit existed measured _exit.
TEST(RunSpec, AnOptionAbsentFromAnOlderFileMeansTheOldBehaviour) {
  const auto workloads = builtin_workloads();
  ResultSet old = written(spec_of(workloads, "spawn", [](auto&, auto&) {}));
  ordered_json p = old.workload.params;
  p.erase("child-exit");
  Params params;
  from_json(p, params);
  old.workload.params = params;
  old.scenario.requested.erase("busy_threshold_pct");
  const RunSpec back = read_run_spec(old, {workloads, testing::probe_list()});
  EXPECT_EQ(back.params.text("child-exit"), "_exit");
  EXPECT_DOUBLE_EQ(back.options.busy_threshold_pct, RunOptions::kDefaultBusyThreshold);
}

// The derived parameters a workload records (what --shell resolved to) are
// recomputed, not refused.
TEST(RunSpec, DerivedParamsAreNotOptions) {
  const auto workloads = builtin_workloads();
  ResultSet set = written(spec_of(workloads, "shell", [](auto&, auto&) {}));
  set.workload.params.set("shell_resolved", std::string("/usr/bin/dash"));
  EXPECT_EQ(error_reading(set, workloads), "");
}

// The order is our own Fisher-Yates over mt19937_64, whose sequence the
// standard fixes: the same on every standard library, so pinned here.
TEST(BlockPlan, TheOrderOfASeedIsPinned) {
  std::vector<int> order;
  for (const auto& p : stats::plan_blocks(3, 3, 1)) order.push_back(p.variant);
  EXPECT_EQ(order, (std::vector<int>{1, 0, 2, 1, 2, 0, 2, 1, 0}));
}

}  // namespace schedlab
