#pragma once
#include <memory>

#include "core/registry.h"
#include "workloads/workload.h"

namespace schedlab {

using WorkloadRegistry = Registry<Workload>;

// The only list of built-in workloads.
WorkloadRegistry builtin_workloads();

// The primary metric and the key metrics of workload `name` (what compare
// shows by default); just `primary` for a workload this build does not know.
std::vector<std::string> headline_metrics(const std::string& name, const std::string& primary);

std::unique_ptr<Workload> make_spawn_workload();
std::unique_ptr<Workload> make_execl_workload();
std::unique_ptr<Workload> make_exec_workload();
std::unique_ptr<Workload> make_context_workload();
std::unique_ptr<Workload> make_shell_workload();
std::unique_ptr<Workload> make_command_workload();
std::unique_ptr<Workload> make_wakeup_workload();

}  // namespace schedlab
