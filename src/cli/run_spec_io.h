#pragma once
#include "cli/run_options.h"
#include "cli/workload_options.h"
#include "workloads/builtin.h"
#include "core/result.h"
#include "runner/run_spec.h"

namespace schedlab {

// The spec the texts stand for, checked by the command line's parsers;
// throws UsageError naming the option, the value and what is allowed.
RunSpec make_run_spec(const Workload& workload, const RunOptionTexts& texts,
                      const WorkloadOptions& options);

// The run and scenario options a result set's scenario.requested records,
// as the command line would spell them (older files: absent keys keep the
// defaults).  Throws UsageError naming the field of a wrong type.
RunOptionTexts texts_from_requested(const ordered_json& requested);

// A result set's spec, read back through exactly the path the command line
// takes (texts, then make_run_spec): a baseline file can hold nothing the
// command line would refuse.  Throws UsageError "the result's spec: ...".
RunSpec read_run_spec(const ResultSet& set, const WorkloadRegistry& workloads);

}  // namespace schedlab
