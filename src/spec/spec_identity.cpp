#include "spec/spec_identity.h"

#include <fmt/format.h>

#include <algorithm>
#include <cstdint>
#include <limits>

#include "core/sha256.h"
#include "core/whole_number.h"
#include "input/json_document.h"
#include "spec/run_option_table.h"
#include "spec/run_settings.h"
#include "workloads/builtin.h"

namespace schedlab {
namespace {

// A workload option an older file lacks: what its absence meant then.
ordered_json absent_value(const ParamSpec& p) {
  const std::string& text = p.absent_text.empty() ? p.default_text : p.absent_text;
  switch (p.kind) {
    case ParamKind::kFlag: return text == "on" || text == "true";
    case ParamKind::kList:
    case ParamKind::kCommand: return ordered_json::array();
    case ParamKind::kInteger:
      try {
        return std::stoll(text);
      } catch (const std::exception&) {
        return text;
      }
    default: return text;
  }
}

// A whole-number option as the number it is: sets read back and written
// again by an older schedlab (kernels from a guest's file, lava collect,
// export) hold it as its text, "50", which is the same spec as 50.
ordered_json as_kind(const ParamSpec& p, const ordered_json& value) {
  if (p.kind != ParamKind::kInteger || !value.is_string()) return value;
  const auto number = parse_whole_number<std::int64_t>(value.get<std::string>(), std::numeric_limits<std::int64_t>::min(),
                                                       std::numeric_limits<std::int64_t>::max());
  return number ? ordered_json(*number) : value;
}

ordered_json canonical_params(const ResultSet& set, const WorkloadRegistry& workloads) {
  ordered_json recorded = set.workload.params;
  const Workload* w = workloads.find(set.workload.name);
  if (!w) return recorded;  // another schedlab's workload: as recorded
  ordered_json out = ordered_json::object();
  for (const auto& p : w->info().params)
    if (in_spec(p)) out[p.name] = recorded.contains(p.name) ? as_kind(p, recorded.at(p.name)) : absent_value(p);
  return out;
}

ordered_json canonical_scenario(const ResultSet& set, const std::vector<RunOptionSpec>& table) {
  static const RunSettings kDefaults;
  const ordered_json& recorded = set.scenario.requested;
  ordered_json out = ordered_json::object();
  for (const auto& spec : table) {
    if (!spec.identity) continue;
    if (recorded.is_object() && recorded.contains(spec.key)) {
      out[spec.key] = recorded.at(spec.key);
      continue;
    }
    // A key the file lacks (written before it existed): the default, as the entry records it.
    const auto fallback = spec.recorded() ? spec.record(kDefaults) : std::nullopt;
    out[spec.key] = fallback ? *fallback : ordered_json();
  }
  return out;
}

// ordered_json keeps insertion order; the identity must not depend on it.
nlohmann::json sorted(const ordered_json& j) {
  return input::parse_json_document<nlohmann::json>(j.dump(), "a spec", input::kResultFile.max_bytes);
}

std::string shown(const ordered_json& v) {
  if (v.is_null()) return "(unset)";
  return v.is_string() ? v.get<std::string>() : v.dump();
}

// The canonical keys a set's --vary assignment set: workload options by
// name, run and scenario options by their recorded key.
std::vector<std::string> varied_keys(const ResultSet& set) {
  std::vector<std::string> keys;
  const auto& vary = set.scenario.requested.value("vary", ordered_json::object());
  if (!vary.is_object()) return keys;
  for (const auto& [key, value] : vary.items()) {
    keys.push_back(key);
    for (const auto& spec : run_option_specs())
      if (!spec.vary_key.empty() &&
          (key == spec.vary_key || (spec.vary_key.back() == ':' && key.rfind(spec.vary_key, 0) == 0)))
        keys.push_back(spec.key);
  }
  return keys;
}

bool contains(const std::vector<std::string>& keys, const std::string& key) {
  return std::find(keys.begin(), keys.end(), key) != keys.end();
}

}  // namespace

ordered_json canonical_spec(const ResultSet& set, const WorkloadRegistry& workloads,
                            const std::vector<RunOptionSpec>& table) {
  return {{"workload", set.workload.name},
          {"params", canonical_params(set, workloads)},
          {"scenario", canonical_scenario(set, table)}};
}

std::string spec_id(const ResultSet& set, const WorkloadRegistry& workloads, const std::vector<RunOptionSpec>& table) {
  return sha256_hex(sorted(canonical_spec(set, workloads, table)).dump()).substr(0, 12);
}

std::vector<std::string> spec_differences(const ResultSet& a, const ResultSet& b, const WorkloadRegistry& workloads,
                                          bool skip_varied) {
  if (a.workload.name != b.workload.name)
    return {fmt::format("workload {} ({}) vs {} ({})", a.workload.name, a.label, b.workload.name, b.label)};
  const ordered_json ca = canonical_spec(a, workloads), cb = canonical_spec(b, workloads);
  std::vector<std::string> varied;
  if (skip_varied)
    for (const auto* set : {&a, &b})
      for (auto& k : varied_keys(*set)) varied.push_back(std::move(k));
  std::vector<std::string> out;
  for (const char* part : {"params", "scenario"})
    for (const auto& [key, va] : ca.at(part).items()) {
      const ordered_json vb = cb.at(part).value(key, ordered_json());
      if (sorted(va) == sorted(vb) || contains(varied, key)) continue;
      const std::string option = std::string(part) == "params" ? "--" + key : option_name(key);
      out.push_back(fmt::format("{} {} ({}) vs {} ({})", option, shown(va), a.label, shown(vb), b.label));
    }
  return out;
}

}  // namespace schedlab
