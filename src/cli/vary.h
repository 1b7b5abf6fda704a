#pragma once
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "cli/run_options.h"
#include "cli/workload_options.h"

namespace schedlab {

// One --vary KEY=V1,V2,... axis.
struct VaryAxis {
  std::string key;
  std::vector<std::string> values;
};

using Assignment = std::vector<std::pair<std::string, std::string>>;  // KEY=VALUE per axis

// Parses "KEY=V1,V2"; throws UsageError (no '=', an empty value, one value).
VaryAxis parse_vary(const std::string& text);

// The full factorial of the axes, first axis slowest; {{}} without axes.
// Throws UsageError when it would hold more than 1000 variants.
std::vector<Assignment> expand_axes(const std::vector<VaryAxis>& axes);

// Applies KEY=VALUE to the option texts: a scenario control (autogroup,
// cgroup-depth, copies, cpus, pin-copies, setsid, policy, nice, psi,
// sysctl:NAME, sched-feature), probes (the bench of their cost) or a
// workload option.  Throws UsageError for
// anything else.
void apply_assignment(const std::string& key, const std::string& value, RunOptionTexts& texts,
                      WorkloadOptions& workload);

// "autogroup=off cgroup-depth=3".
std::string assignment_label(const Assignment& assignment);

}  // namespace schedlab
