#pragma once
// What a run is asked for besides the workload's own options: the run
// options and the scenario, typed.  `run` builds it from the command line
// (spec/run_option_table.h), every --vary variant overrides it typed, and a
// result set records it in scenario.requested, read back by check through
// from_json — one form, one way in, one way out.
#include "core/result.h"
#include "scenario/scenario.h"
#include "spec/run_options.h"

namespace schedlab {

struct RunSettings {
  RunOptions options;
  ScenarioRequest scenario;
};

// scenario.requested: every option of the table (spec/run_option_table.h)
// with a recorder, under its key: the scenario's controls, then the run
// options.  Never an output path, a label or a seed.
void to_json(ordered_json& j, const RunSettings& settings);

// Reads it back through each entry's own parser: UsageError naming
// "scenario.requested.KEY (--option)", the value and what is allowed.  Keys
// a file lacks (written before they existed), null and the entry's word for
// "not asked" keep the defaults; keys it has that this schedlab does not
// know are ignored (vary, seed: the experiment's).
void from_json(const ordered_json& j, RunSettings& settings);

// The checks that need more than one option (--psi needs --cgroup-depth):
// UsageError.
void check_settings(const RunSettings& settings);

}  // namespace schedlab
