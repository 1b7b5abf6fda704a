#pragma once
#include <string>

#include <optional>

#include "runner/runner.h"
#include "scenario/global_lock.h"
#include "sys/limits.h"

namespace schedlab {

// Everything checked before the first copy starts: the plan against this
// machine, the workload's own rules, the stop rule, the preflight of
// process limits.  Shared by `run` (once per --vary variant) and `check`.
// `limits` is read once per invocation (it scans /proc) and shared by the
// variants; `probes`, which the spec's --probes names were checked against
// (make_run_spec), is borrowed by the setup.
RunSetup make_run_setup(const ProbeList& probes, RunSpec spec, const std::string& worker,
                        const ordered_json& environment, std::string label, const sys::ProcessLimits& limits);

// The schedlab-worker (runner/worker_path.h); throws when it is missing.
std::string locate_worker();

// Whether any variant changes what runs share (sysctls, sched features, a
// parent cgroup's controllers): one such run at a time (Session).
bool changes_global_state(const Experiment& experiment);

}  // namespace schedlab
