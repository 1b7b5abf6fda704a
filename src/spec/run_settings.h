#pragma once
// What a run is asked for besides the workload's own options: the run
// options and the scenario, typed.  `run` builds it from the command line
// (spec/run_option_table.h), every --vary variant overrides it typed, and a
// result set records it in scenario.requested, read back by check through
// from_json — one form, one way in, one way out.
#include <vector>

#include "core/result.h"
#include "scenario/scenario.h"
#include "spec/run_options.h"

namespace schedlab {

struct RunSettings {
  RunOptions options;
  ScenarioRequest scenario;
};

struct RunOptionSpec;  // spec/run_option_table.h

// scenario.requested: every option of the table (spec/run_option_table.h)
// with a recorder, under its key: the scenario's controls, then the run
// options.  Never an output path, a label or a seed.
void to_json(ordered_json& j, const RunSettings& settings);
// The same through `table` (to_json's is run_option_specs(); a test's is
// extended: docs/architecture.md's worked example).
ordered_json requested_json(const RunSettings& settings, const std::vector<RunOptionSpec>& table);

// Reads it back through each entry's own parser: UsageError naming
// "scenario.requested.KEY (--option)", the value and what is allowed.  Keys
// a file lacks (written before they existed), null and the entry's word for
// "not asked" keep the defaults; keys it has that this schedlab does not
// know are ignored (vary, seed: the experiment's).
void from_json(const ordered_json& j, RunSettings& settings);
RunSettings settings_from_json(const ordered_json& j, const std::vector<RunOptionSpec>& table);

// The checks that need more than one option (--psi needs --cgroup-depth):
// UsageError.
void check_settings(const RunSettings& settings);

}  // namespace schedlab
