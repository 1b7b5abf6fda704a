#include "report/html/comparison_table.h"

#include <fmt/format.h>

#include "report/conventions.h"
#include "report/html/html_table.h"
#include "report/table.h"

namespace schedlab::html {
namespace {

std::string evidence(const Comparison& c, const Cell& cell) {
  if (!cell.test) return "";
  if (!cell.test->available) return "no test: " + cell.test->why_not;
  // The overlap rule is not a test: it has no p-value, only its ratio.
  std::string text =
      cell.test->p_value
          ? fmt::format("{} p = {:.4f} (alpha {})", test_name(c), *cell.test->p_value, c.options.alpha)
          : fmt::format("overlap ratio {:.2f} (marked above 1)", cell.test->statistic);
  text += fmt::format(", Hedges' g {:.2f}", cell.effect_size);
  if (cell.change_interval_pct)
    text += fmt::format(", change of the mean in [{:+.2f}%, {:+.2f}%]", cell.change_interval_pct->low,
                        cell.change_interval_pct->high);
  return text;
}

HtmlCell set_cell(const Comparison& c, const ComparedMetric& m, std::size_t i) {
  const auto& cell = m.cells[i];
  if (!cell) return {"-", "missing", "no values in this set", ""};
  HtmlCell out{format_number(cell->center, 14), "", "", "\u00b1" + format_number(cell->spread, 14)};
  if (i == 0 || !m.cells[0]) return out;
  const bool marked = cell->test && cell->test->significant;
  out.note += fmt::format("  {}{:+.2f}%{}", marked ? "*" : "(", cell->change_pct, marked ? "*" : ")");
  out.title = evidence(c, *cell);
  if (marked) out.css_class = cell->change_pct >= 0 ? "better" : "worse";
  return out;
}

bool harmonic(const ComparedMetric& m) {
  for (const auto& cell : m.cells)
    if (cell && cell->harmonic) return true;
  return false;
}

}  // namespace

std::string comparison_table(const Comparison& c) {
  HtmlTable table("comparison");
  std::vector<std::string> header = {"metric", "unit", "centre"};
  for (const auto& set : c.sets) header.push_back(set.label);
  table.header(header);
  for (const auto& m : c.metrics) {
    std::vector<HtmlCell> row = {{m.spec.name, "", m.spec.description, to_string(m.spec.better) + std::string(" is better")},
                                 {m.spec.unit, "", "", ""},
                                 {harmonic(m) ? "Hmean" : "Amean", "", "", harmonic(m) ? "\u00b1HStddev" : "\u00b1Stddev"}};
    for (std::size_t i = 0; i < m.cells.size(); ++i) row.push_back(set_cell(c, m, i));
    table.row(row);
  }
  return table.str();
}

}  // namespace schedlab::html
