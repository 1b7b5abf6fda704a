// spec/spec_identity: one spec, one id, wherever and whenever it ran; what
// changes the measurement changes the id, nothing else does.
#include <gtest/gtest.h>

#include "core/error.h"
#include "input/result_text.h"
#include "spec/run_option_table.h"
#include "store/set_document.h"
#include "spec/spec_identity.h"
#include "support/synthetic_sets.h"
#include "workloads/builtin.h"

namespace schedlab {
namespace {

ResultSet spawn_set(const std::function<void(RunSettings&)>& edit = {}) {
  ResultSet set = testing::synthetic_set({});
  RunSettings s;
  if (edit) edit(s);
  set.scenario.requested = s;
  set.workload.params = Params{};
  set.workload.params.set("method", std::string("fork"));
  set.workload.params.set("child-exit", std::string("exit"));
  return set;
}

}  // namespace

TEST(SpecIdentity, LabelsRunsSeedsPathsAndProbesDoNotChangeIt) {
  const auto workloads = builtin_workloads();
  const ResultSet base = spawn_set();
  ResultSet other = spawn_set([](RunSettings& s) {
    s.options.runs = 30;
    s.options.probes = parse_probe_selection("--probes", "none");
    s.options.busy_threshold_pct = 50;
    s.options.json_path = "/tmp/elsewhere.json";
  });
  other.label = "another kernel";
  other.scenario.requested["seed"] = 42;
  EXPECT_EQ(spec_id(base, workloads), spec_id(other, workloads));
  EXPECT_TRUE(spec_differences(base, other, workloads).empty());
}

// Every option the table declares part of the identity changes the id: the
// list is the table, so an identity option added later is checked here.
TEST(SpecIdentity, EveryIdentityOptionChangesIt) {
  const auto workloads = builtin_workloads();
  const std::string base = spec_id(spawn_set(), workloads);
  int walked = 0;
  for (const auto& spec : run_option_specs()) {
    if (!spec.identity) continue;
    const ResultSet changed = spawn_set([&](RunSettings& s) { spec.apply(s, long_name(spec), spec.example); });
    EXPECT_NE(spec_id(changed, workloads), base) << spec.names << " " << spec.example;
    const auto diffs = spec_differences(spawn_set(), changed, workloads);
    ASSERT_EQ(diffs.size(), 1u) << spec.names;
    EXPECT_EQ(diffs[0].rfind(long_name(spec) + " ", 0), 0u) << "named as the command line names it: " << diffs[0];
    ++walked;
  }
  EXPECT_GE(walked, 14);
}

TEST(SpecIdentity, AWorkloadOptionChangesItAndIsNamed) {
  const auto workloads = builtin_workloads();
  ResultSet vfork = spawn_set();
  vfork.workload.params.set("method", std::string("vfork"));
  EXPECT_NE(spec_id(vfork, workloads), spec_id(spawn_set(), workloads));
  const auto diffs = spec_differences(spawn_set(), vfork, workloads);
  ASSERT_EQ(diffs.size(), 1u);
  EXPECT_NE(diffs[0].find("--method fork"), std::string::npos) << diffs[0];
}

// A file written before an option existed ran what its absence meant then:
// the same id as a new file that records the old behaviour.
TEST(SpecIdentity, AnOlderFileWithoutAKeyHasTheIdOfItsDefault) {
  const auto workloads = builtin_workloads();
  ResultSet old = spawn_set();
  old.scenario.requested.erase("warmup_runs");
  old.scenario.requested.erase("psi");
  EXPECT_EQ(spec_id(old, workloads), spec_id(spawn_set(), workloads));
  ResultSet before_child_exit = spawn_set();
  ordered_json p = before_child_exit.workload.params;
  p.erase("child-exit");
  Params without;
  from_json(p, without);
  before_child_exit.workload.params = without;
  ResultSet explicit_exit = spawn_set();
  explicit_exit.workload.params.set("child-exit", std::string("_exit"));  // spawn's absent_text
  EXPECT_EQ(spec_id(before_child_exit, workloads), spec_id(explicit_exit, workloads));
}

TEST(SpecIdentity, OneCopyAndTwoAreTwoSpecs) {
  const auto workloads = builtin_workloads();
  const ResultSet two = spawn_set([](RunSettings& s) { s.scenario.copies = parse_copies("--copies", "2"); });
  const auto diffs = spec_differences(spawn_set(), two, workloads);
  ASSERT_EQ(diffs.size(), 1u);
  EXPECT_NE(diffs[0].find("--copies 1"), std::string::npos) << diffs[0];
}

}  // namespace schedlab

namespace schedlab {
namespace {

// Every workload's spec, with the typed defaults a run records, has the
// same id as the store writes it (from the set in memory) and as it reads it
// back (from the set's text, where a whole number is unsigned).
TEST(SpecIdentity, EveryWorkloadsSpecIsTheSameReadBackFromText) {
  const auto workloads = builtin_workloads();
  int typed_numbers = 0;
  for (const auto& w : workloads.items()) {
    ResultSet set = testing::synthetic_set({});
    set.workload.name = w->info().name;
    set.workload.params = Params{};
    for (const auto& p : w->info().params) {
      try {
        set.workload.params.set(p.name, parse_param(p, p.default_text));
      } catch (const UsageError&) {  // a default program missing here: not in the spec
      }
      if (p.kind == ParamKind::kInteger) ++typed_numbers;
    }
    const ordered_json in_memory = set;
    const std::string written = store::stored_spec_id({in_memory, ""}, workloads);
    const std::string read = store::stored_spec_id({parse_result_text(in_memory.dump()), ""}, workloads);
    EXPECT_EQ(written, read) << w->info().name << ": " << ordered_json(set.workload.params).dump();
  }
  EXPECT_GT(typed_numbers, 0) << "no workload has a whole-number option: the walk checks nothing";
}

}  // namespace
}  // namespace schedlab

namespace schedlab {
namespace {

// Sets an older schedlab read back and wrote again hold a whole-number
// option as its text ("50"): the same spec as 50, and no difference shown.
TEST(SpecIdentity, AWholeNumberOptionHeldAsItsTextIsTheSameSpec) {
  const auto workloads = builtin_workloads();
  ResultSet number = testing::synthetic_set({});
  number.workload.name = "exec";
  number.workload.params = Params{};
  number.workload.params.set("iterations", std::int64_t{50});
  ResultSet text = number;
  text.workload.params.set("iterations", std::string("50"));
  EXPECT_EQ(spec_id(number, workloads), spec_id(text, workloads));
  EXPECT_TRUE(spec_differences(number, text, workloads).empty());
  ResultSet other = number;
  other.workload.params.set("iterations", std::string("51"));
  EXPECT_NE(spec_id(number, workloads), spec_id(other, workloads));
  ResultSet junk = number;
  junk.workload.params.set("iterations", std::string("50.0"));
  EXPECT_NE(spec_id(number, workloads), spec_id(junk, workloads)) << "not a whole number: as recorded";
}

}  // namespace
}  // namespace schedlab
