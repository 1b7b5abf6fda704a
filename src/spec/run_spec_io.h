#pragma once
#include "spec/run_settings.h"
#include "spec/workload_options.h"
#include "workloads/builtin.h"
#include "core/result.h"
#include "spec/run_spec.h"

namespace schedlab {

// The spec of typed settings and the workload's options, resolved, its
// --probes names checked against `probes` (the registry passed down);
// throws UsageError naming the option, the value and what is allowed.
RunSpec make_run_spec(const Workload& workload, const ProbeList& probes, const RunSettings& settings,
                      const WorkloadOptions& options);

// A result set's spec, read back with the command line's checks: the
// settings through from_json (spec/run_settings.h), the workload's options
// through their own parsers — a baseline file can hold nothing the command
// line would refuse.  Throws UsageError "the result's spec: ...".
RunSpec read_run_spec(const ResultSet& set, const Registries& registries);

}  // namespace schedlab
