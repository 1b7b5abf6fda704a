#include "probes/measured_cost.h"

#include <fmt/format.h>

#include "probes/measured_cost_table.h"

namespace schedlab {

const std::vector<MeasuredCost>& measured_costs() {
  static const std::vector<MeasuredCost> rows(std::begin(kMeasuredCosts), std::end(kMeasuredCosts));
  return rows;
}

const char* unmeasured_why(const std::string& probe) {
  for (const auto& u : kUnmeasuredProbes)
    if (probe == u.probe) return u.why;
  return nullptr;
}

const MeasuredCost* measured_cost(const std::string& probe, const std::string& workload) {
  for (const auto& m : measured_costs())
    if (probe == m.probe && workload == m.workload) return &m;
  return nullptr;
}

bool admitted_by_default(const std::string& probe, const std::string& workload) {
  const MeasuredCost* m = measured_cost(probe, workload);
  return m && !m->records_nothing && m->pct <= kDefaultCostLimitPct && m->upper_pct <= kDefaultCostUpperLimitPct;
}

std::string describe_cost_source(const std::string& probe, const std::string& workload) {
  const MeasuredCost* m = measured_cost(probe, workload);
  if (!m) return fmt::format("not measured on {}{}", workload,
                             unmeasured_why(probe) ? std::string(": ") + unmeasured_why(probe) : "");
  return fmt::format("{} interleaved on/off pairs, on/off {}; {}{}", m->pairs, m->spread, m->source,
                     m->records_nothing ? fmt::format("; {}", m->records_nothing) : "");
}

}  // namespace schedlab
