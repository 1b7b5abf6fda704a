// docs/architecture.md's worked example, followed in-process: a run option
// added as one entry of a copy of the option table, and a workload added as
// one descriptor in a copy of the registry.  Each copy is passed down to
// every consumer the doc says comes with it; a consumer that stops taking
// the table or the registry from its caller (and reads a built-in one of
// its own) fails here, and so does the doc when its steps or counts drift.
#include <gtest/gtest.h>

#include <CLI/CLI.hpp>
#include <fstream>
#include <regex>
#include <sstream>

#include "cli/commands.h"
#include "cli/run_options.h"
#include "cli/run_parse.h"
#include "compare/comparison.h"
#include "compare/spec_check.h"
#include "guest/kernel_needs.h"
#include "spec/option_values.h"
#include "spec/run_option_table.h"
#include "spec/spec_identity.h"
#include "store/result_file.h"
#include "store/sqlite_connection.h"
#include "store/store.h"
#include "support/registries.h"
#include "support/sample_result.h"
#include "support/temp_dir.h"

namespace schedlab {
namespace {

// Step 1 is the option's field in RunOptions.  A test cannot add a member,
// so the example's value is kept here, beside the settings.
std::optional<int> example_rounds;

RunOptionSpec example_option() {
  RunOptionSpec spec;
  spec.names = "--example-rounds";
  spec.value = "N";
  spec.help = "rounds of the worked example";
  spec.group = kRunGroup;
  spec.default_text = "3";
  spec.range = RunOptionSpec::Range{1, 9};
  spec.unit = "rounds";
  spec.commands = {"run"};
  spec.set = [](const RunOptionSpec& self, RunSettings&, const std::string& option, const std::string& text) {
    example_rounds = count_of(self, option, text);
  };
  spec.vary_key = "example-rounds";
  spec.key = "example_rounds";
  spec.record = [](const RunSettings&) {
    return example_rounds ? std::optional<ordered_json>(*example_rounds) : std::nullopt;
  };
  spec.example = "7";
  spec.identity = true;
  return spec;
}

// Step 2: one entry, here appended to a copy of the table.
std::vector<RunOptionSpec> extended_table() {
  auto table = run_option_specs();
  table.push_back(example_option());
  return table;
}

// The command line `line` through `table`, bound as `run` binds it.
RunSettings parse_with(const std::vector<RunOptionSpec>& table, const std::string& line) {
  CLI::App app;
  RunSettings settings;
  ExperimentTexts experiment;
  add_run_options(app, "run", settings, experiment, table);
  app.parse(line);
  return settings;
}

std::string help_with(const std::vector<RunOptionSpec>& table) {
  CLI::App app;
  RunSettings settings;
  ExperimentTexts experiment;
  add_run_options(app, "run", settings, experiment, table);
  return app.help();
}

TEST(WorkedExample, ARunOptionIsOneEntryOfTheTable) {
  const auto table = extended_table();
  example_rounds.reset();
  parse_with(table, "--example-rounds 7 --runs 2");
  EXPECT_EQ(example_rounds, 7) << "the binder takes the table it is given";
  EXPECT_THROW(parse_with(table, "--example-rounds 12"), UsageError) << "its range, enforced by count_of";
  EXPECT_THROW(parse_with(run_option_specs(), "--example-rounds 7"), CLI::ParseError) << "only the extended table";
  EXPECT_NE(help_with(table).find("rounds of the worked example (1 to 9 rounds, default 3)"), std::string::npos)
      << help_with(table);

  // The result file's writer and reader: scenario.requested through the table.
  example_rounds = 7;
  ResultSet set = testing::sample_set();
  set.scenario.requested = requested_json(RunSettings{}, table);
  testing::TempDir dir;
  write_result_file(dir.file("r.json"), {"2026-12-03T00:00:00Z", {set}});
  const ResultSet back = read_result_file(dir.file("r.json"), testing::workload_registry()).sets.at(0);
  EXPECT_EQ(back.scenario.requested.value("example_rounds", 0), 7);
  example_rounds.reset();
  settings_from_json(back.scenario.requested, table);
  EXPECT_EQ(example_rounds, 7) << "read back through the entry's own parser";
  example_rounds.reset();
  settings_from_json(back.scenario.requested, run_option_specs());
  EXPECT_FALSE(example_rounds) << "a table without the entry leaves the key alone";

  // --vary example-rounds=5 through the table.
  RunSettings varied;
  EXPECT_TRUE(vary_setting(varied, "example-rounds", "5", table));
  EXPECT_EQ(example_rounds, 5);
  EXPECT_FALSE(vary_setting(varied, "example-rounds", "5", run_option_specs()));

  // The spec identity: another number of rounds measured something else.
  ResultSet other = back;
  other.scenario.requested["example_rounds"] = 3;
  const auto& workloads = testing::workload_registry();
  EXPECT_NE(spec_id(back, workloads, table), spec_id(other, workloads, table));
  EXPECT_EQ(spec_id(back, workloads, run_option_specs()), spec_id(other, workloads, run_option_specs()))
      << "a table without the entry does not see it";
  ResultSet older = back;  // a file written before the option: its default, as the entry records it
  older.scenario.requested.erase("example_rounds");
  example_rounds = 3;
  other.scenario.requested["example_rounds"] = 3;
  EXPECT_EQ(spec_id(older, workloads, table), spec_id(other, workloads, table));
  example_rounds.reset();
}

// A scenario control that changes a sysctl under a name of its own: the
// sysctl control applies it (journaled, restored on every path:
// sysctl_control_test), so it needs no field and no application of its own,
// and its value lives in the settings (--sysctl's list), where the kernel
// needs and the record read it.
constexpr const char* kSchedstats = "kernel.sched_schedstats";

RunOptionSpec example_control() {
  RunOptionSpec spec;
  spec.names = "--example-schedstats";
  spec.value = "on|off";
  spec.help = "scheduler statistics for the run (the worked example's control)";
  spec.group = kScenarioGroup;
  spec.set = [](const RunOptionSpec&, RunSettings& s, const std::string& option, const std::string& text) {
    const std::string value = parse_switch(option, text) ? "1" : "0";
    std::erase_if(s.scenario.sysctls, [](const auto& kv) { return kv.first == kSchedstats; });
    s.scenario.sysctls.emplace_back(kSchedstats, value);
  };
  spec.vary_key = "example-schedstats";
  spec.key = "example_schedstats";
  spec.record = [](const RunSettings& s) -> std::optional<ordered_json> {
    for (const auto& [key, value] : s.scenario.sysctls)
      if (key == kSchedstats) return value == "1" ? "on" : "off";
    return std::nullopt;
  };
  spec.example = "on";
  spec.identity = true;
  spec.kernel_config = {{"CONFIG_SCHEDSTATS", kSchedstats}};
  return spec;
}

TEST(WorkedExample, AScenarioControlIsOneEntryOfTheTable) {
  auto table = run_option_specs();
  table.push_back(example_control());
  const RunSettings settings = parse_with(table, "--example-schedstats on");
  ASSERT_EQ(settings.scenario.sysctls.size(), 1u) << "what the sysctl control applies";
  EXPECT_EQ(settings.scenario.sysctls[0], (std::pair<std::string, std::string>{kSchedstats, "1"}));
  EXPECT_THROW(parse_with(table, "--example-schedstats maybe"), UsageError);
  EXPECT_NE(help_with(table).find("--example-schedstats on|off"), std::string::npos) << help_with(table);

  // The result file: recorded under its key, read back into the same request.
  const ordered_json requested = requested_json(settings, table);
  EXPECT_EQ(requested.value("example_schedstats", ""), "on");
  EXPECT_EQ(settings_from_json(requested, table).scenario.sysctls, settings.scenario.sysctls);

  // --vary example-schedstats=off replaces the value, and the off set is another spec.
  RunSettings off = settings;
  EXPECT_TRUE(vary_setting(off, "example-schedstats", "off", table));
  ASSERT_EQ(off.scenario.sysctls.size(), 1u);
  EXPECT_EQ(off.scenario.sysctls[0].second, "0");
  ResultSet on_set = testing::sample_set(), off_set = testing::sample_set();
  on_set.scenario.requested = requested_json(settings, table);
  off_set.scenario.requested = requested_json(off, table);
  EXPECT_NE(spec_id(on_set, testing::workload_registry(), table), spec_id(off_set, testing::workload_registry(), table));

  // What a guest's kernel must have, from the entry, through the table passed down.
  RunSpec spec;
  spec.scenario = settings.scenario;
  const auto needs = guest::kernel_needs(spec, testing::probe_list(), table);
  ASSERT_FALSE(needs.empty());
  EXPECT_EQ(needs.back().option, "CONFIG_SCHEDSTATS");
  EXPECT_EQ(needs.back().why, "--example-schedstats (kernel.sched_schedstats)");
  spec.scenario.allow_unapplied = true;
  EXPECT_TRUE(guest::kernel_needs(spec, testing::probe_list(), table).empty()) << "--allow-unapplied runs without it";
  EXPECT_TRUE(guest::kernel_needs(RunSpec{}, testing::probe_list(), table).empty()) << "not asked, not needed";
}

// Step 1 of a workload: its descriptor and what its copies run.  A test
// cannot add a worker mode (C, in the worker's table), so the example runs
// spawn's loop under its own name, option and key metric; nothing is run.
class Example final : public Workload {
 public:
  const WorkloadInfo& info() const override { return info_; }
  int processes_per_copy(const Params&) const override { return 2; }
  WorkerArgs worker_args(const Params& params, const CopyPlacement&, const RunResources&) const override {
    return {SL_MODE_SPAWN, {params.text("method"), "exit"}};
  }
  void derive(const Params&, const WindowOutcome& outcome, const RunResources&, RunRecord& run) const override {
    derive_loops_per_second(outcome, run.values);
  }

 private:
  WorkloadInfo info_{"example",
                     "the worked example: spawn's loop under its own descriptor",
                     "nothing: docs/architecture.md's worked example",
                     {{.name = "method", .kind = ParamKind::kChoice, .default_text = "fork",
                       .help = "how the child is created", .choices = {"fork", "vfork"}}},
                     {lps_metric("fork+exit+wait loops"), loops_metric()},
                     "lps",
                     false,
                     {},
                     {"sys_s"}};
};

// Steps 2 and 3: registered, here in a copy of the built-in registry.
WorkloadRegistry with_example() {
  WorkloadRegistry workloads = builtin_workloads();
  workloads.add(std::make_unique<Example>());
  return workloads;
}

// A set of the example that records its option's default, and one as an
// older file holds it (no option recorded).
std::vector<ResultSet> example_sets() {
  ResultSet old = testing::sample_set();
  old.workload.name = "example";
  old.workload.params = Params{};
  old.label = "old";
  ResultSet recorded = old;
  recorded.workload.params.set("method", std::string("fork"));
  recorded.label = "recorded";
  return {recorded, old};
}

TEST(WorkedExample, ATestOnlyWorkloadReachesEveryConsumerOfTheRegistry) {
  const WorkloadRegistry workloads = with_example();
  const WorkloadRegistry& builtin = testing::workload_registry();
  const auto sets = example_sets();
  const ResultSet& old = sets[1];

  ::testing::internal::CaptureStdout();
  list_command(workloads);
  EXPECT_NE(::testing::internal::GetCapturedStdout().find("the worked example: spawn's loop"), std::string::npos);

  const std::vector<std::string> args = {"example", "--method", "vfork", "--runs", "1"};
  const auto parsed = parse_run(find_workload(workloads, args), testing::probe_list(), {args.begin() + 1, args.end()});
  ASSERT_TRUE(parsed && parsed->workload_options);
  EXPECT_EQ(parsed->workload_options->resolve().text("method"), "vfork");

  EXPECT_TRUE(spec_differences(sets, workloads).empty()) << "an absent option is its default";
  EXPECT_FALSE(spec_differences(sets, builtin).empty()) << "a workload it does not know: as recorded";

  const Comparison c = build_comparison(sets, CompareOptions{}, {workloads, testing::probe_list()});
  ASSERT_EQ(c.metrics.size(), 2u);
  EXPECT_EQ(c.metrics[1].spec.name, "sys_s") << "its key metric, compared by default";

  store::Store store(store::SqliteConnection::in_memory(), workloads);
  store.record({ordered_json(old), "2026-12-03T00:00:00Z"});
  EXPECT_EQ(store.find({}).at(0).spec_id, spec_id(old, workloads));
  EXPECT_NE(spec_id(old, workloads), spec_id(old, builtin));

  ordered_json file = ResultFile{"2026-12-03T00:00:00Z", {old}};
  file["sets"][0]["spec_id"] = spec_id(old, workloads);
  testing::TempDir dir;
  dir.write("r.json", file.dump());
  EXPECT_NO_THROW(read_result_file(dir.file("r.json"), workloads));
  EXPECT_THROW(read_result_file(dir.file("r.json"), builtin), UsageError) << "the recorded spec_id is checked";
}

std::string architecture_text() {
  std::ifstream in(std::string(SCHEDLAB_SOURCE_DIR) + "/docs/architecture.md");
  std::stringstream text;
  text << in.rdbuf();
  return text.str();
}

// The numbered steps under "files touched to add WHAT: N" until the next
// blank line.
int steps_after(const std::string& text, const std::string& what, int& stated) {
  const std::regex heading("files touched to add " + what + ": ([0-9]+)", std::regex::icase);
  std::smatch m;
  if (!std::regex_search(text, m, heading)) return -1;
  stated = std::stoi(m[1]);
  std::istringstream rest(m.suffix().str());
  int steps = 0;
  std::string line;
  std::getline(rest, line);  // the heading's own line
  while (std::getline(rest, line) && !line.empty())
    if (std::regex_search(line, std::regex("^[0-9]+\\. "))) ++steps;
  return steps;
}

TEST(WorkedExample, TheDocsCountsAreItsSteps) {
  const std::string text = architecture_text();
  EXPECT_NE(text.find("`tests/unit/worked_example_test.cpp`"), std::string::npos);
  for (const char* what : {"a run option", "a scenario control", "a workload", "a worker mode"}) {
    int stated = -1;
    const int steps = steps_after(text, what, stated);
    EXPECT_GT(steps, 0) << "docs/architecture.md has no \"files touched to add " << what << ": N\" with its steps";
    EXPECT_EQ(steps, stated) << "files touched to add " << what;
  }
}

}  // namespace
}  // namespace schedlab
