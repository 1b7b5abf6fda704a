#include "compare/spec_check.h"

#include <fmt/format.h>

namespace schedlab {
namespace {

bool varied(const ResultSet& set, const std::string& key) {
  const auto& vary = set.scenario.requested.value("vary", ordered_json::object());
  return vary.contains(key);
}

// Sets of one --vary experiment (same command line, same seed): every
// workload difference between them follows from what was varied, derived
// values included (vfork's child always _exits).
bool same_experiment(const ResultSet& a, const ResultSet& b) {
  const auto& ra = a.scenario.requested;
  const auto& rb = b.scenario.requested;
  return ra.contains("vary") && rb.contains("vary") && ra.contains("seed") && ra.value("seed", ordered_json()) ==
         rb.value("seed", ordered_json()) && !a.argv.empty() && a.argv == b.argv;
}

std::string param_text(const ordered_json& params, const std::string& key) {
  if (!params.contains(key)) return "(absent)";
  const auto& v = params.at(key);
  return v.is_string() ? v.get<std::string>() : v.dump();
}

}  // namespace

std::vector<std::string> spec_differences(const std::vector<ResultSet>& sets) {
  std::vector<std::string> out;
  if (sets.empty()) return out;
  const ResultSet& base = sets.front();
  const ordered_json base_params = base.workload.params;
  for (size_t i = 1; i < sets.size(); ++i) {
    const ResultSet& s = sets[i];
    if (s.workload.name != base.workload.name) {
      out.push_back(fmt::format("workload {} ({}) vs {} ({})", base.workload.name, base.label,
                                s.workload.name, s.label));
      continue;
    }
    if (same_experiment(base, s)) continue;
    const ordered_json params = s.workload.params;
    std::vector<std::string> keys;
    for (const auto& [k, v] : base_params.items()) keys.push_back(k);
    for (const auto& [k, v] : params.items())
      if (!base_params.contains(k)) keys.push_back(k);
    for (const auto& key : keys) {
      if (varied(base, key) || varied(s, key)) continue;
      const std::string a = param_text(base_params, key), b = param_text(params, key);
      if (a != b) out.push_back(fmt::format("--{} {} ({}) vs {} ({})", key, a, base.label, b, s.label));
    }
  }
  return out;
}

}  // namespace schedlab
