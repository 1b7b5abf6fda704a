// `schedlab list --probes`: every probe, whether it can run here (or why
// not), what it needs and its metrics; then what each costs each workload
// and which ones the default selection takes there.
#include <fmt/format.h>

#include <iostream>

#include "cli/commands.h"
#include "probes/measured_cost.h"
#include "probes/probe.h"
#include "report/wrap.h"
#include "workloads/builtin.h"

namespace schedlab {
namespace {

// "0.4%*" (the default takes it), "12%" (it costs more), "-" (not measured).
std::string cost_cell(const std::string& probe, const std::string& workload) {
  const MeasuredCost* m = measured_cost(probe, workload);
  if (!m) return "-";
  const double shown = std::max(m->pct, 0.0);
  const char* mark = admitted_by_default(probe, workload) ? "*" : "";
  return shown < 9.95 ? fmt::format("{:.1f}%{}", shown, mark) : fmt::format("{:.0f}%{}", shown, mark);
}

// One row per probe, one column per workload, indented under the probes'
// descriptions: fits 80 columns with the seven workloads (2 + 14 + 7 x 9).
std::string cost_table(const WorkloadRegistry& workloads) {
  std::string out = fmt::format("  {:<14}", "cost on");
  for (const auto& w : workloads.items()) out += fmt::format("{:>9}", w->info().name);
  out += "\n";
  for (const auto& p : builtin_probes()) {
    out += fmt::format("  {:<14}", p->info().name);
    for (const auto& w : workloads.items()) out += fmt::format("{:>9}", cost_cell(p->info().name, w->info().name));
    out += "\n";
  }
  return out;
}

}  // namespace

int list_probes_command(const WorkloadRegistry& workloads) {
  const std::string indent(15, ' ');
  for (const auto& p : builtin_probes()) {
    const ProbeInfo& info = p->info();
    const std::string why = p->unavailable_reason();
    std::string metrics = "metrics:";
    for (const auto& m : info.metrics) metrics += fmt::format(" {} [{}]", m.name, m.unit);
    std::cout << wrap(why.empty() ? "available" : "unavailable: " + why, kTextWidth,
                      fmt::format("{:<14} ", info.name), indent + "  ")
              << "\n"
              << wrap(info.summary, kTextWidth, indent, indent + "  ") << "\n"
              << wrap("needs: " + info.needs, kTextWidth, indent, indent + "  ") << "\n"
              << wrap(metrics, kTextWidth, indent, indent + "  ") << "\n\n";
  }
  std::cout << cost_table(workloads) << "\n"
            << wrap(fmt::format("The cost is what the probe takes from the workload's primary metric (median of "
                                "interleaved on/off pairs, bench/probe_cost); * marks where the default selection "
                                "takes it: at most {}%, the upper end of its 95% interval at most {}%. - is not "
                                "measured (never in the default). --probes default|all|none|NAME,NAME... selects "
                                "them for a run; docs/probes.md explains every metric and how each cost was "
                                "measured; a result file records each probe's figure and its source.",
                                kDefaultCostLimitPct, kDefaultCostUpperLimitPct),
                    kTextWidth)
            << "\n";
  return 0;
}

}  // namespace schedlab
