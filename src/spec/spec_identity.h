#pragma once
// What a set measured, as one identity: its workload, the workload options
// that are part of the spec, and the scenario and run options that change
// the measurement (spec/run_option_table.h says which) — never labels,
// seeds, output paths, the number of runs or the probes.  Computed from what
// the set records, with keys an older file lacks filled with their defaults,
// so every set of one spec has one id wherever and whenever it ran.  compare
// refuses sets of different specs by it, the store groups history and trend
// by it.
#include <string>
#include <vector>

#include "core/result.h"
#include "spec/run_option_table.h"
#include "workloads/builtin.h"

namespace schedlab {

// {workload, params, scenario}: the canonical form, keys sorted.
// The scenario's keys are the identity entries of the option table; a test
// passes its extended copy (docs/architecture.md's worked example).
ordered_json canonical_spec(const ResultSet& set, const WorkloadRegistry& workloads,
                            const std::vector<RunOptionSpec>& table = run_option_specs());

// The first 12 hex digits of the SHA-256 of the canonical form's text.
std::string spec_id(const ResultSet& set, const WorkloadRegistry& workloads,
                    const std::vector<RunOptionSpec>& table = run_option_specs());

// Where two sets' specs differ, as the command line names it: "--copies 1
// (base) vs 2 (new)"; empty when they are one spec.  With `skip_varied`, a
// key either set's --vary assignment set on purpose is not a difference
// (compare puts the sets of --vary experiments side by side).
std::vector<std::string> spec_differences(const ResultSet& a, const ResultSet& b, const WorkloadRegistry& workloads,
                                          bool skip_varied = false);

}  // namespace schedlab
