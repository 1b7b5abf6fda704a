#include "report/html/env_diff.h"

#include <algorithm>
#include <map>

#include "core/json_leaves.h"

namespace schedlab::html {
namespace {

// Everything of a set that describes how it was measured, flattened.
JsonLeaves describe(const ResultSet& set) {
  JsonLeaves out;
  ordered_json env = set.environment;
  if (env.is_object()) env.erase("collected");
  append_json_leaves(env, "", out);
  append_json_leaves(set.scenario.requested, "scenario", out);
  ordered_json params;
  to_json(params, set.workload.params);
  append_json_leaves(params, "workload", out);
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
