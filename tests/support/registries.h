#pragma once
// The built-in workloads and probes, made once for a test binary: a test
// is a top (tests/unit/registries_test.cpp), where they are made and
// passed down as the command line passes them.
#include "workloads/builtin.h"

namespace schedlab::testing {

inline const WorkloadRegistry& workload_registry() {
  static const WorkloadRegistry kWorkloads = builtin_workloads();
  return kWorkloads;
}

inline const ProbeList& probe_list() {
  static const ProbeList kProbes = builtin_probes();
  return kProbes;
}

inline Registries registries() { return {workload_registry(), probe_list()}; }

}  // namespace schedlab::testing
