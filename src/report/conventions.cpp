#include "report/conventions.h"

#include <fmt/format.h>

#include "report/table.h"

namespace schedlab {

std::string test_name(const Comparison& c) {
  return c.options.paired ? "paired-t" : stats::to_string(c.options.test);
}

std::string test_line(const Comparison& c) {
  return fmt::format("test: {}, alpha {} ({})\n", test_name(c), c.options.alpha, c.options.design);
}

std::string mde_text(const Cell& cell) {
  if (cell.mde_pct) return fmt::format("{:.1f}%", *cell.mde_pct);
  if (cell.mde) return human_number(*cell.mde);
  return "-";
}

namespace {

// One line per style: what the numbers mean.
std::string brief_conventions(const Comparison& c, Style style) {
  const std::string test = fmt::format("{} a={}", test_name(c), c.options.alpha);
  if (style == Style::kLkp)
    return fmt::format("%change of the mean, + = larger; mde at {:.0f}% power; {}", c.options.power * 100, test);
  return fmt::format("Hmean/Amean; (%) + = better; *: {}; MinDetect at {:.0f}% power", test,
                     c.options.power * 100);
}

}  // namespace

std::string note_block(const Comparison& c, Style style) {
  if (c.options.all_notes) {
    std::string out = format_note(convention_text(c, style));
    for (const auto& n : c.notes) out += format_note(n.full);
    return out;
  }
  std::string out = "note: " + brief_conventions(c, style) + "\n";
  const size_t shown = c.notes.size() <= 2 ? c.notes.size() : 1;
  for (size_t i = 0; i < shown; ++i) out += "note: " + c.notes[i].brief + "\n";
  if (c.notes.size() > shown)
    out += fmt::format("note: {} more note{} in full: compare --notes\n", c.notes.size() - shown,
                       c.notes.size() - shown == 1 ? "" : "s");
  return out;
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
