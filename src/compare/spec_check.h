#pragma once
#include <string>
#include <vector>

#include "core/result.h"
#include "workloads/builtin.h"

namespace schedlab {

// The differences between the spec of the first set and each other's (the
// workload, its options, the scenario and window: spec/spec_identity.h),
// except between sets of one --vary experiment, which differ on purpose.
// Empty when all compare like with like.  A workload `workloads` knows is
// compared option by option; another by its name and recorded options.
std::vector<std::string> spec_differences(const std::vector<ResultSet>& sets, const WorkloadRegistry& workloads);

}  // namespace schedlab
