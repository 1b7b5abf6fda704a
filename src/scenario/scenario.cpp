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

ScenarioPlan plan_scenario(const ScenarioRequest& request, const std::vector<int>& available, OptionNameOf option) {
  ScenarioPlan plan;
  plan.cpu_set = request.cpus.value_or(available);
  for (int cpu : plan.cpu_set)
    if (!std::binary_search(available.begin(), available.end(), cpu))
      throw UsageError(option("cpus"), format_cpu_list(*request.cpus),
                       fmt::format("CPUs this process may use ({}); CPU {} is not one of them",
                                   format_cpu_list(available), cpu));
  plan.set_affinity = request.cpus.has_value() || request.pin_copies;
  plan.copies = request.copies.resolve(static_cast<int>(plan.cpu_set.size()));
  if (plan.copies > kMaxCopies)
    throw UsageError(option("copies"), request.copies.text(),
                     fmt::format("at most {} copies in all", kMaxCopies));
  for (int i = 0; i < plan.copies; ++i) {
    std::vector<int> cpus = plan.cpu_set;
    if (request.pin_copies) cpus = {plan.cpu_set[static_cast<size_t>(i) % plan.cpu_set.size()]};
    plan.placements.push_back({i, std::move(cpus)});
  }
  return plan;
}

}  // namespace schedlab
