#pragma once
#include <string>

#include "runner/runner.h"

namespace schedlab {

// Everything checked before the first copy starts: the plan against this
// machine, the workload's own rules, the preflight of process limits.
// Shared by `run` (once per --vary variant) and `check`.
RunSetup make_run_setup(const Workload& workload, Params params, RunOptions options,
                        ScenarioRequest request, const std::string& worker,
                        const ordered_json& environment, std::string label);

// The schedlab-worker beside this binary; throws when it is missing.
std::string locate_worker();

}  // namespace schedlab
