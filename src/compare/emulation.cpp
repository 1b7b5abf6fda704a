#include "compare/emulation.h"

#include <fmt/format.h>
#include <fmt/ranges.h>

namespace schedlab {

void withhold_emulated_marks(Comparison& c) {
  std::vector<std::string> emulated;
  for (const auto& set : c.sets)
    if (set.emulated) emulated.push_back(set.label);
  if (emulated.empty()) return;
  if (c.options.force) {
    c.notes.push_back(fmt::format("{} measured under emulation (QEMU's TCG): differences are marked because of "
                                  "--force, but the figures say nothing about performance",
                                  fmt::join(emulated, ", ")));
    return;
  }
  for (auto& metric : c.metrics)
    for (auto& cell : metric.cells) {
      if (!cell || !cell->test) continue;
      cell->test->available = false;
      cell->test->significant = false;
      cell->test->why_not = "measured under emulation";
      cell->change_interval_pct.reset();
    }
  c.notes.push_back(fmt::format("{} measured under emulation (QEMU's TCG): no difference is marked, the figures "
                                "say nothing about performance (--force marks them anyway)",
                                fmt::join(emulated, ", ")));
}

}  // namespace schedlab
