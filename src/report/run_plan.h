#pragma once
// What `--dry-run` prints: the plan of an experiment after every check that
// can be made without running it — each variant as its set would be
// described, its spec id, the probes that would record, the runs and about
// how long they take, and where the results would go.
#include <string>
#include <vector>

#include "core/result.h"

namespace schedlab {

struct PlannedVariant {
  ResultSet described;  // runner's describe_set: heading, scenario, probes, fidelity notes
  std::string spec_id;  // spec/spec_identity
};

struct RunPlan {
  std::vector<PlannedVariant> variants;
  int runs = 0, warmup_runs = 0;
  std::uint64_t seed = 0;
  double seconds = 0;   // nominal: warmups and windows of every run, 0 when iteration-bound
  std::string results;  // "r.json and the store at ...", or "the store at ..."
};

std::string format_run_plan(const RunPlan& plan);

// The set's selected probes that cannot run here, each with why ("bpf (needs
// root ...)", joined by "; "), or "" when every one can: the plan and the
// run's own report say it in one line.
std::string probes_not_here(const ResultSet& set);

}  // namespace schedlab
