#include "spec/run_option_table.h"

#include <fmt/format.h>

#include <algorithm>

#include "spec/option_entries.h"
#include "spec/option_help.h"
#include "spec/option_values.h"

namespace schedlab {

const std::vector<RunOptionSpec>& run_option_specs() {
  static const std::vector<RunOptionSpec> kSpecs = [] {
    auto all = option_entries::run_options();
    for (auto& s : option_entries::scenario_options()) all.push_back(std::move(s));
    return all;
  }();
  return kSpecs;
}

std::string long_name(const RunOptionSpec& spec) { return long_name_of(spec.names); }

const RunOptionSpec* option_of_key(const std::string& key) {
  for (const auto& spec : run_option_specs())
    if (spec.key == key) return &spec;
  return nullptr;
}

std::string option_name(const std::string& key) {
  const RunOptionSpec* spec = option_of_key(key);
  return spec ? long_name(*spec) : key;
}

std::string help_text(const RunOptionSpec& spec) {
  const std::string range = spec.range ? fmt::format("{} to {}", spec.range->min, spec.range->max) : "";
  return help_with_facts(spec.help, range, spec.default_text, spec.unit);
}

bool taken_by(const RunOptionSpec& spec, const std::string& command) {
  return std::find(spec.commands.begin(), spec.commands.end(), command) != spec.commands.end();
}

int count_of(const RunOptionSpec& spec, const std::string& option, const std::string& text) {
  return parse_count(option, text, spec.range->min, spec.range->max);
}

bool vary_setting(RunSettings& s, const std::string& key, const std::string& value,
                  const std::vector<RunOptionSpec>& table) {
  const std::string option = "--vary " + key;
  for (const auto& spec : table) {
    if (spec.vary_key.empty()) continue;
    const bool prefix = spec.vary_key.back() == ':';
    if (prefix ? key.rfind(spec.vary_key, 0) != 0 || key.size() == spec.vary_key.size() : key != spec.vary_key)
      continue;
    const std::string text = prefix ? key.substr(spec.vary_key.size()) + "=" + value : value;
    (spec.vary ? spec.vary : spec.set)(spec, s, option, text);
    return true;
  }
  return false;
}

std::vector<std::string> vary_keys() {
  std::vector<std::string> keys;
  for (const auto& spec : run_option_specs())
    if (!spec.vary_key.empty()) keys.push_back(spec.vary_key.back() == ':' ? spec.vary_key + "NAME" : spec.vary_key);
  return keys;
}

}  // namespace schedlab
