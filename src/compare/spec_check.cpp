#include "compare/spec_check.h"

#include <fmt/format.h>

#include "spec/spec_identity.h"

namespace schedlab {
namespace {

// Sets of one --vary experiment (same command line, same seed): every
// workload difference between them follows from what was varied, derived
// values included (vfork's child always _exits).
bool same_experiment(const ResultSet& a, const ResultSet& b) {
  const auto& ra = a.scenario.requested;
  const auto& rb = b.scenario.requested;
  return ra.contains("vary") && rb.contains("vary") && ra.contains("seed") && ra.value("seed", ordered_json()) ==
         rb.value("seed", ordered_json()) && !a.argv.empty() && a.argv == b.argv;
}

}  // namespace

std::vector<std::string> spec_differences(const std::vector<ResultSet>& sets, const WorkloadRegistry& workloads) {
  std::vector<std::string> out;
  if (sets.empty()) return out;
  const ResultSet& base = sets.front();
  for (size_t i = 1; i < sets.size(); ++i) {
    const ResultSet& s = sets[i];
    if (s.workload.name == base.workload.name && same_experiment(base, s)) continue;
    for (auto& d : spec_differences(base, s, workloads, true)) out.push_back(std::move(d));
  }
  return out;
}

}  // namespace schedlab
