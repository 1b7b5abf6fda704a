#pragma once
#include <memory>

#include "core/registry.h"
#include "workloads/workload.h"

namespace schedlab {

using WorkloadRegistry = Registry<Workload>;

// The only list of built-in workloads.
WorkloadRegistry builtin_workloads();

std::unique_ptr<Workload> make_spawn_workload();
std::unique_ptr<Workload> make_execl_workload();
std::unique_ptr<Workload> make_exec_workload();
std::unique_ptr<Workload> make_context_workload();
std::unique_ptr<Workload> make_shell_workload();
std::unique_ptr<Workload> make_command_workload();
std::unique_ptr<Workload> make_wakeup_workload();

}  // namespace schedlab
