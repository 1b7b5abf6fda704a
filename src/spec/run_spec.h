#pragma once
#include <string>

#include "core/param_spec.h"
#include "core/result.h"
#include "scenario/scenario.h"
#include "spec/run_options.h"
#include "workloads/workload.h"

namespace schedlab {

// What to run, typed and complete: the workload and its options, the run
// options and the scenario.  `run`, every --vary variant, `check` and
// `suite` all run one of these.  It is written into a result set by
// write_run_spec and read back with the command line's checks by
// read_run_spec (cli/run_spec_io.h) — one form, one way in, one way out.
struct RunSpec {
  const Workload* workload = nullptr;
  Params params;  // every option resolved (defaults included)
  RunOptions options;
  ScenarioRequest scenario;
};

// Writes the spec into a set: workload.name and workload.params, and
// scenario.requested (every control as asked, plus the run options runs,
// duration_s, warmup_s, warmup_runs, busy_threshold_pct, wait_idle_s).
void write_run_spec(const RunSpec& spec, ResultSet& set);

}  // namespace schedlab
