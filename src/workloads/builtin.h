#pragma once
#include <memory>

#include "core/registry.h"
#include "probes/probe.h"
#include "workloads/workload.h"

namespace schedlab {

using WorkloadRegistry = Registry<Workload>;

// The only list of built-in workloads.  Made at the top (main, a command's
// binding, a flow's entry, a test) and passed down: nothing below makes its
// own (tests/unit/registries_test.cpp names the files that may).
WorkloadRegistry builtin_workloads();

// What a comparison looks names up in: the workloads (their specs and key
// metrics) and the probes (their metrics, "what changed underneath").
// Borrowed from the top, which owns both.
struct Registries {
  const WorkloadRegistry& workloads;
  const ProbeList& probes;
};

// The primary metric and the key metrics of workload `name` (what compare
// shows by default); just `primary` for a workload `workloads` does not know.
std::vector<std::string> headline_metrics(const WorkloadRegistry& workloads, const std::string& name,
                                          const std::string& primary);

std::unique_ptr<Workload> make_spawn_workload();
std::unique_ptr<Workload> make_execl_workload();
std::unique_ptr<Workload> make_exec_workload();
std::unique_ptr<Workload> make_context_workload();
std::unique_ptr<Workload> make_shell_workload();
std::unique_ptr<Workload> make_command_workload();
std::unique_ptr<Workload> make_wakeup_workload();

}  // namespace schedlab
