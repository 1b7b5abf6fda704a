#pragma once
// A result file is code: the spec it holds can name a program to run, a
// file to write, sysctls to set.  What such a spec would do beyond
// measuring, from the descriptors' declarations (ParamRole) — so that a
// workload option added later is vetted without anyone remembering to.
#include <string>
#include <vector>

#include "spec/run_spec.h"

namespace schedlab {

// One phrase per thing the spec would run, write or change that a
// measurement with the workload's defaults would not: every option declared
// kCode or kOutput whose value is not its default ("runs the program
// '/tmp/x'", "writes '/etc/passwd' (--schbench-json)"), every sysctl and
// sched feature.  Empty when the spec only measures.
std::vector<std::string> untrusted_asks(const RunSpec& spec);

// Throws UsageError naming `file` and every ask when there are any: "FILE:
// the baseline runs ..., writes ...; a baseline file is code: add
// --trust-baseline to run it as written".
void refuse_untrusted(const RunSpec& spec, const std::string& file);

}  // namespace schedlab
