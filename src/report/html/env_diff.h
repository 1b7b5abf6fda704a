#pragma once
// What differs between the sets besides their numbers: the environment
// each result embeds, the scenario as requested and the workload's
// parameters.  A --vary experiment differs in what it varied; two kernels'
// sets in the kernel and whatever else changed with it.
#include <string>
#include <vector>

#include "core/result.h"

namespace schedlab::html {

struct EnvDiffRow {
  std::string key;                  // "kernel.release", "scenario.autogroup", "workload.method"
  std::vector<std::string> values;  // one per set; "(absent)" when the set lacks the key
};

// The keys whose values are not the same in every set, in the order the
// first set holds them (then the others').  Nested objects are flattened
// with dots; arrays are compared and shown as compact JSON.  The time the
// environment was collected is not a difference.  Fewer than two sets give
// no rows.
std::vector<EnvDiffRow> environment_diff(const std::vector<ResultSet>& sets);

}  // namespace schedlab::html
