#pragma once
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "spec/run_settings.h"
#include "spec/workload_options.h"

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

// Applies KEY=VALUE, typed: a run or scenario option with a vary key
// (spec/run_option_table.h: autogroup, cgroup-depth, copies, ...), replicate
// (nothing: the A/A recipe) or a workload option.  Throws UsageError for
// anything else, and for a value the option's parser refuses.
void apply_assignment(const std::string& key, const std::string& value, RunSettings& settings,
                      WorkloadOptions& workload);

// "autogroup=off cgroup-depth=3".
std::string assignment_label(const Assignment& assignment);

}  // namespace schedlab
