// `schedlab list --probes`: every probe, whether it can run here (or why
// not), its measured cost, whether the default selection takes it, and its
// metrics.
#include <fmt/format.h>

#include <iostream>

#include "cli/commands.h"
#include "probes/measured_cost.h"
#include "probes/probe.h"

namespace schedlab {

int list_probes_command() {
  for (const auto& p : builtin_probes()) {
    const ProbeInfo& info = p->info();
    const std::string why = p->unavailable_reason();
    const bool measured = info.cost_pct < 100;
    std::cout << fmt::format("{:<14} {}\n", info.name, why.empty() ? "available" : "unavailable: " + why);
    std::cout << fmt::format("               {}\n               needs: {}\n", info.summary, info.needs);
    std::cout << fmt::format("               cost: {}; {}\n",
                             measured ? fmt::format("{} (bench/probe_cost)", info.cost_pct < 0.01
                                                                              ? std::string("< 0.01%")
                                                                              : fmt::format("{:.1f}%", info.cost_pct))
                                      : std::string("not measured here"),
                             info.cost_pct <= kDefaultCostLimitPct ? "in the default selection"
                                                                    : "only when asked for (--probes)");
    std::cout << "               metrics:";
    for (const auto& m : info.metrics) std::cout << fmt::format(" {} [{}]", m.name, m.unit);
    std::cout << "\n\n";
  }
  std::cout << "--probes default|all|none|NAME,NAME... selects them for a run; docs/probes.md explains "
               "every metric.\n";
  return 0;
}

}  // namespace schedlab
