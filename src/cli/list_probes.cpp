// `schedlab list --probes`: every probe, whether it can run here (or why
// not), its measured cost, whether the default selection takes it, and its
// metrics.
#include <fmt/format.h>

#include <iostream>

#include "cli/commands.h"
#include "probes/measured_cost.h"
#include "probes/probe.h"
#include "report/wrap.h"

namespace schedlab {
namespace {

std::string cost_text(const ProbeInfo& info) {
  if (info.cost_pct >= 100) return "not measured here";
  return (info.cost_pct < 0.01 ? std::string("< 0.01%") : fmt::format("{:.1f}%", info.cost_pct)) + " (" +
         describe_cost_source(info.name) + ")";
}

}  // namespace

int list_probes_command() {
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
              << wrap(fmt::format("cost: {}; {}", cost_text(info),
                                  info.cost_pct <= kDefaultCostLimitPct ? "in the default selection"
                                                                         : "only when asked for (--probes)"),
                      kTextWidth, indent, indent + "  ")
              << "\n"
              << wrap(metrics, kTextWidth, indent, indent + "  ") << "\n\n";
  }
  std::cout << wrap("--probes default|all|none|NAME,NAME... selects them for a run; docs/probes.md "
                    "explains every metric.",
                    kTextWidth)
            << "\n";
  return 0;
}

}  // namespace schedlab
