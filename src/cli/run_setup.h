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
// `limits` is read once per invocation (it scans /proc) and shared by the variants.
RunSetup make_run_setup(RunSpec spec, const std::string& worker, const ordered_json& environment,
                        std::string label, const sys::ProcessLimits& limits);

// The schedlab-worker (runner/worker_path.h); throws when it is missing.
std::string locate_worker();

// One run at a time may change what runs share (sysctls, sched features, a
// parent cgroup's controllers): the lock when any variant does, else none.
std::optional<GlobalLock> lock_global_controls(const std::vector<RunSetup>& variants,
                                               const Journal& journal, sys::SignalGate& gate);

}  // namespace schedlab
