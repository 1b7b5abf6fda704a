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

}  // namespace schedlab
