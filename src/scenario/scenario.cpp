#include "scenario/scenario.h"

#include <fmt/format.h>

#include <algorithm>

#include "core/cpu_list.h"
#include "core/error.h"
#include "scenario/sched_policy.h"

namespace schedlab {

std::optional<sys::SchedAttr> ScenarioRequest::sched_attr() const {
  if (!policy && !nice) return std::nullopt;
  return sys::SchedAttr{policy.value_or(0), priority, nice.value_or(0)};
}

ScenarioPlan plan_scenario(const ScenarioRequest& request, const std::vector<int>& available) {
  ScenarioPlan plan;
  plan.cpu_set = request.cpus.value_or(available);
  for (int cpu : plan.cpu_set)
    if (!std::binary_search(available.begin(), available.end(), cpu))
      throw UsageError("--cpus", format_cpu_list(*request.cpus),
                       fmt::format("CPUs this process may use ({}); CPU {} is not one of them",
                                   format_cpu_list(available), cpu));
  plan.set_affinity = request.cpus.has_value() || request.pin_copies;
  plan.copies = request.copies.resolve(static_cast<int>(plan.cpu_set.size()));
  if (plan.copies > kMaxCopies)
    throw UsageError("--copies", request.copies.text(),
                     fmt::format("at most {} copies in all", kMaxCopies));
  for (int i = 0; i < plan.copies; ++i) {
    std::vector<int> cpus = plan.cpu_set;
    if (request.pin_copies) cpus = {plan.cpu_set[static_cast<size_t>(i) % plan.cpu_set.size()]};
    plan.placements.push_back({i, std::move(cpus)});
  }
  return plan;
}

ordered_json requested_json(const ScenarioRequest& r) {
  ordered_json j;
  j["copies"] = r.copies.text();
  j["cpus"] = r.cpus ? format_cpu_list(*r.cpus) : "inherited";
  j["pin_copies"] = r.pin_copies;
  j["cgroup_depth"] = r.cgroup_depth;
  j["cgroup_parent"] = r.cgroup_parent;
  j["autogroup"] = r.autogroup ? (*r.autogroup ? "on" : "off") : "unchanged";
  if (r.psi) j["psi"] = *r.psi ? "on" : "off";  // absent: unchanged (as in files before --psi)
  j["setsid"] = r.setsid;
  j["sysctl"] = ordered_json::object();
  for (const auto& [key, value] : r.sysctls) j["sysctl"][key] = value;
  j["sched_feature"] = r.sched_features;
  j["policy"] = r.policy ? policy_text({*r.policy, r.priority, 0}) : "unchanged";
  j["nice"] = r.nice ? ordered_json(*r.nice) : ordered_json("unchanged");
  j["allow_unapplied"] = r.allow_unapplied;
  return j;
}

}  // namespace schedlab
