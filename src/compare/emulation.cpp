#include "compare/emulation.h"

#include <fmt/format.h>
#include <fmt/ranges.h>

namespace schedlab {
namespace {

// The brief form fits one 80-column line after "note: " (notes.h).
void add(Comparison& c, std::string brief, std::string full) {
  if (brief.size() > 74) brief = brief.substr(0, 71) + "...";
  c.notes.push_back({note_rank::kEmulated, std::move(brief), std::move(full)});
}

}  // namespace

void withhold_emulated_marks(Comparison& c) {
  std::vector<std::string> emulated;
  for (const auto& set : c.sets)
    if (measured_under_emulation(set)) emulated.push_back(set.label);
  if (emulated.empty()) return;
  if (c.options.force) {
    add(c, fmt::format("{} emulated: marked by --force, but the figures say nothing", fmt::join(emulated, ", ")),
        fmt::format("{} measured under emulation (QEMU's TCG): differences are marked because of --force, but "
                    "the figures say nothing about performance",
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
  add(c, fmt::format("{} measured under emulation: no difference marked (--force)", fmt::join(emulated, ", ")),
      fmt::format("{} measured under emulation (QEMU's TCG): no difference is marked, the figures say nothing "
                  "about performance (--force marks them anyway)",
                  fmt::join(emulated, ", ")));
}

}  // namespace schedlab
