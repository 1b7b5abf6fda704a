#pragma once
#include <string>
#include <vector>

#include "core/result.h"

namespace schedlab {

// The differences between the workload specs of `sets` (name and every
// resolved parameter), ignoring what a set's --vary assignment changed on
// purpose.  Empty when all compare like with like.
std::vector<std::string> spec_differences(const std::vector<ResultSet>& sets);

}  // namespace schedlab
