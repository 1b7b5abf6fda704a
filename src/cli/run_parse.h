#pragma once
#include <optional>
#include <string>
#include <vector>

#include "cli/run_options.h"
#include "cli/store_options.h"
#include "spec/workload_options.h"
#include "workloads/builtin.h"

namespace schedlab {

// The workload `args.front()` names; throws UsageError listing the
// workloads (with a guess for a near miss).
const Workload& find_workload(const WorkloadRegistry& workloads, const std::vector<std::string>& args);

// `schedlab run WORKLOAD ...` as parsed, before --vary is expanded: the
// typed settings, --vary and --seed as typed, the workload's options.
struct ParsedRun {
  RunSettings settings;
  ExperimentTexts experiment;
  std::optional<WorkloadOptions> workload_options;
  StoreOptionTexts store;
  bool lava = false;  // --lava (grid/lava_report.h)
};

// Parses `args` (a subcommand's words, in order) into `app`'s bindings;
// false when --help was shown.  Throws UsageError with CLI11's message and
// "(see 'HELP_COMMAND')".
bool parse_or_help(CLI::App& app, std::vector<std::string> args, const std::string& help_command);

// Parses the options after WORKLOAD; nullopt when --help was shown.
// Throws UsageError for what CLI11 refuses.  Shared by `run` and by
// `kernels`, which checks the spec its guests will run before booting.
std::optional<ParsedRun> parse_run(const Workload& w, std::vector<std::string> args);

}  // namespace schedlab
