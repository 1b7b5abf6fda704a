#include "scenario/scenario.h"

#include <fmt/format.h>

#include <algorithm>

#include "core/cpu_list.h"
#include "core/error.h"

namespace schedlab {

ScenarioPlan plan_scenario(const ScenarioRequest& request, const std::vector<int>& available) {
  ScenarioPlan plan;
  plan.cpu_set = request.cpus.value_or(available);
  for (int cpu : plan.cpu_set)
    if (!std::binary_search(available.begin(), available.end(), cpu))
      throw UsageError("--cpus", format_cpu_list(*request.cpus),
                       fmt::format("CPUs this process may use ({}); CPU {} is not one of them",
                                   format_cpu_list(available), cpu));
  plan.set_affinity = request.cpus.has_value();
  plan.copies = request.copies.resolve(static_cast<int>(plan.cpu_set.size()));
  if (plan.copies > kMaxCopies)
    throw UsageError("--copies", request.copies.text(),
                     fmt::format("at most {} copies in all", kMaxCopies));
  for (int i = 0; i < plan.copies; ++i) plan.placements.push_back({i, plan.cpu_set});
  return plan;
}

ScenarioRecord record_scenario(const ScenarioRequest& request, const ScenarioPlan& plan) {
  ScenarioRecord rec;
  rec.requested["copies"] = request.copies.text();
  rec.requested["cpus"] = request.cpus ? format_cpu_list(*request.cpus) : "inherited";
  rec.applied.push_back({{"control", "copies"}, {"value", plan.copies}});
  rec.applied.push_back({{"control", "cpus"},
                         {"value", format_cpu_list(plan.cpu_set)},
                         {"verified", "affinity of every copy read back before the release"}});
  return rec;
}

}  // namespace schedlab
