#include "report/html/env_diff.h"

#include <algorithm>
#include <map>

namespace schedlab::html {
namespace {

using Flat = std::vector<std::pair<std::string, std::string>>;

std::string shown(const ordered_json& v) {
  return v.is_string() ? v.get<std::string>() : v.dump(-1, ' ', false, ordered_json::error_handler_t::replace);
}

void flatten(const ordered_json& j, const std::string& prefix, Flat& out) {
  if (!j.is_object()) {
    out.emplace_back(prefix, shown(j));
    return;
  }
  for (const auto& [key, value] : j.items())
    flatten(value, prefix.empty() ? key : prefix + "." + key, out);
}

// Everything of a set that describes how it was measured, flattened.
Flat describe(const ResultSet& set) {
  Flat out;
  ordered_json env = set.environment;
  if (env.is_object()) env.erase("collected");
  flatten(env, "", out);
  flatten(set.scenario.requested, "scenario", out);
  ordered_json params;
  to_json(params, set.workload.params);
  flatten(params, "workload", out);
  return out;
}

}  // namespace

std::vector<EnvDiffRow> environment_diff(const std::vector<ResultSet>& sets) {
  if (sets.size() < 2) return {};
  std::vector<std::string> order;
  std::vector<std::map<std::string, std::string>> by_set;
  for (const auto& set : sets) {
    by_set.emplace_back();
    for (auto& [key, value] : describe(set)) {
      if (std::find(order.begin(), order.end(), key) == order.end()) order.push_back(key);
      by_set.back()[key] = std::move(value);
    }
  }
  std::vector<EnvDiffRow> rows;
  for (const auto& key : order) {
    EnvDiffRow row{key, {}};
    for (const auto& values : by_set) {
      const auto it = values.find(key);
      row.values.push_back(it == values.end() ? "(absent)" : it->second);
    }
    if (std::adjacent_find(row.values.begin(), row.values.end(), std::not_equal_to<>()) != row.values.end())
      rows.push_back(std::move(row));
  }
  return rows;
}

}  // namespace schedlab::html
