#include "spec/run_settings.h"

#include <fmt/format.h>

#include "core/error.h"
#include "spec/json_values.h"
#include "spec/run_option_table.h"

namespace schedlab {
namespace {

using Json = RunOptionSpec::Json;

// The recorded value as the texts the option takes, one per application
// (a repeatable option's map or list gives several); none keeps the default.
std::vector<std::string> texts_of(const RunOptionSpec& spec, const ordered_json& v, const std::string& field) {
  if (v.is_null()) return {};
  switch (spec.json) {
    case Json::kSeconds:
      if (!v.is_number()) throw UsageError(fmt::format("{}: expected a number of seconds, found {}", field, v.dump()));
      return {text_of(v, field)};
    case Json::kBool: return {bool_of(v, field) ? "on" : "off"};
    case Json::kMap: {
      if (!v.is_object()) throw UsageError(field + ": expected {KEY: VALUE}");
      std::vector<std::string> texts;
      for (const auto& [key, value] : v.items())
        texts.push_back(fmt::format("{}={}", key, text_of(value, fmt::format("{}.{}", field, key))));
      return texts;
    }
    case Json::kList: {
      if (!v.is_array()) throw UsageError(field + ": expected a list");
      std::vector<std::string> texts;
      for (const auto& item : v) texts.push_back(text_of(item, field));
      return texts;
    }
    case Json::kText: break;
  }
  std::string text = text_of(v, field);
  if (!spec.unset_text.empty() && text == spec.unset_text) return {};
  return {std::move(text)};
}

// The scenario's controls first, then the run options: the order of the
// files written before the table wrote them.
void write_group(ordered_json& j, const RunSettings& s, bool scenario, const std::vector<RunOptionSpec>& table) {
  for (const auto& spec : table) {
    if (!spec.recorded() || (spec.group == kScenarioGroup) != scenario) continue;
    if (auto v = spec.record(s)) j[spec.key] = std::move(*v);
  }
}

}  // namespace

void to_json(ordered_json& j, const RunSettings& s) { j = requested_json(s, run_option_specs()); }

ordered_json requested_json(const RunSettings& s, const std::vector<RunOptionSpec>& table) {
  ordered_json j = ordered_json::object();
  write_group(j, s, true, table);
  write_group(j, s, false, table);
  return j;
}

void from_json(const ordered_json& j, RunSettings& s) { s = settings_from_json(j, run_option_specs()); }

RunSettings settings_from_json(const ordered_json& j, const std::vector<RunOptionSpec>& table) {
  if (!j.is_object()) throw UsageError("scenario.requested: expected an object");
  RunSettings s;
  for (const auto& spec : table) {
    if (!spec.recorded() || !j.contains(spec.key)) continue;
    // Named as the file has it and as the command line would: the message
    // of a bad value is the option's own.
    const std::string field = fmt::format("scenario.requested.{} ({})", spec.key, long_name(spec));
    for (const auto& text : texts_of(spec, j.at(spec.key), field)) spec.apply(s, field, text);
  }
  check_settings(s);
  return s;
}

void check_settings(const RunSettings& s) {
  const ScenarioRequest& r = s.scenario;
  if (r.psi && r.cgroup_depth < 1)
    throw UsageError(option_name("psi"), *r.psi ? "on" : "off",
                     fmt::format("with {} 1 or more (cgroup.pressure is written on the levels of the run's own "
                                 "cgroup chain)",
                                 option_name("cgroup_depth")));
}

}  // namespace schedlab
