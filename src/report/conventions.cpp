#include "report/conventions.h"

#include <fmt/format.h>

namespace schedlab {

std::string test_name(const Comparison& c) {
  return c.options.paired ? "paired-t" : stats::to_string(c.options.test);
}

std::string mde_text(const Cell& cell) {
  if (cell.mde_pct) return fmt::format("{:.1f}%", *cell.mde_pct);
  if (cell.mde) return fmt::format("{:.3g}", *cell.mde);
  return "-";
}

std::string convention_text(const Comparison& c, Style style) {
  const std::string test = fmt::format("{}, alpha {}", test_name(c), c.options.alpha);
  const std::string power = fmt::format("{:.0f}%", c.options.power * 100);
  switch (style) {
    case Style::kMmtests:
      return fmt::format("Hmean/Amean: harmonic/arithmetic mean; (x%): positive = better (mmtests); "
                         "*: significant ({}); MinDetect: smallest change detectable with {} power",
                         test, power);
    case Style::kLkp:
      return fmt::format("%change: relative change of the mean, + = larger; \u00b1: population stddev; "
                         "mde: smallest change detectable with {} power ({})",
                         power, test);
    case Style::kMarkdown: break;
  }
  return fmt::format("mean \u00b1 sample stddev; (+x%): relative change of the mean, + = larger; p: {}; "
                     "mde: smallest change detectable with {} power.",
                     test, power);
}

}  // namespace schedlab
