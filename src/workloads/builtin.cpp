#include "workloads/builtin.h"

namespace schedlab {

WorkloadRegistry builtin_workloads() {
  WorkloadRegistry r;
  r.add(make_spawn_workload());
  r.add(make_execl_workload());
  r.add(make_exec_workload());
  r.add(make_context_workload());
  r.add(make_shell_workload());
  r.add(make_command_workload());
  r.add(make_wakeup_workload());
  return r;
}

std::vector<std::string> headline_metrics(const WorkloadRegistry& workloads, const std::string& name,
                                          const std::string& primary) {
  std::vector<std::string> names = {primary};
  if (const Workload* w = workloads.find(name))
    for (const auto& m : w->info().key_metrics) names.push_back(m);
  return names;
}

}  // namespace schedlab
