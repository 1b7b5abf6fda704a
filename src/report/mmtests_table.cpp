// mmtests' compare-kernels table (gormanm/mmtests bin/lib/MMTests/Compare.pm,
// PrintGeneric.pm): rows "%-S stat %-O metric", per set "%12.2f (%7.2f%%)",
// the brackets becoming "*" on the mean row when the difference is
// significant; a two-line header per set, split at the label's first '-'.
#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <regex>

#include "report/compare_reporters.h"
#include "report/conventions.h"
#include "report/histogram_format.h"
#include "report/table.h"
#include "report/profile_format.h"
#include "report/underneath_format.h"
#include "stats/mmtests_stats.h"

namespace schedlab {
namespace {

enum class Row { kMin, kMean, kStddev, kCoeffVar, kMax, kDetect };

std::string row_name(Row row, bool harmonic) {
  switch (row) {
    case Row::kMin: return "Min";
    case Row::kMean: return harmonic ? "Hmean" : "Amean";
    case Row::kStddev: return harmonic ? "HStddev" : "Stddev";
    case Row::kCoeffVar: return harmonic ? "HCoeffVar" : "CoeffVar";
    case Row::kDetect: return "MinDetect";
    case Row::kMax: break;
  }
  return "Max";
}

double row_value(Row row, const Cell& c) {
  switch (row) {
    case Row::kMin: return c.summary.min;
    case Row::kMean: return c.center;
    case Row::kStddev: return c.spread;
    case Row::kCoeffVar: return c.center != 0 ? 100 * c.spread / c.center : 0;
    case Row::kDetect: return c.mde.value_or(0);
    case Row::kMax: break;
  }
  return c.summary.max;
}

// Label split for the two header lines, as mmtests (a "-rcN" stays on line
// 1); --vary labels split between assignments or between key and value.
std::pair<std::string, std::string> split_label(const std::string& label) {
  if (const size_t space = label.find(' '); space != std::string::npos)
    return {label.substr(0, space), label.substr(space + 1)};
  if (const size_t eq = label.find('='); eq != std::string::npos)
    return {label.substr(0, eq), label.substr(eq + 1)};
  size_t dash = label.find('-');
  if (dash == std::string::npos) return {label, ""};
  if (std::regex_search(label.substr(dash), std::regex("^-rc[0-9]"))) {
    const size_t next = label.find('-', dash + 1);
    if (next == std::string::npos) return {label, ""};
    dash = next;
  }
  return {label.substr(0, dash), label.substr(dash + 1)};
}

bool any_harmonic(const ComparedMetric& m) {
  return std::any_of(m.cells.begin(), m.cells.end(), [](const auto& c) { return c && c->harmonic; });
}

// The smallest detectable change: nothing for the baseline, else the
// change in the metric's unit and in % of the baseline (unsigned).
std::string detect_text(const ComparedMetric& m, size_t i) {
  const auto& cell = m.cells[i];
  if (i == 0 || !cell || !cell->mde) return fmt::format("{:>12}{:11}", "-", "");
  return fmt::format("{:12.2f} ({:7.2f}%)", *cell->mde, cell->mde_pct.value_or(0));
}

std::string cell_text(Row row, const ComparedMetric& m, size_t i) {
  const auto& cell = m.cells[i];
  if (row == Row::kDetect) return detect_text(m, i);
  if (!cell) return fmt::format("{:>12}{:11}", "-", "");
  const double value = row_value(row, *cell);
  double pct = 0;
  if (i > 0 && m.cells[0]) {
    const bool higher = (row == Row::kStddev || row == Row::kCoeffVar) ? false
                                                                       : m.spec.better == Better::kHigher;
    pct = stats::mmtests_change(row_value(row, *m.cells[0]), value, higher);
  }
  const bool marked = row == Row::kMean && cell->test && cell->test->significant;
  return fmt::format("{:12.2f} {}{:7.2f}%{}", std::isnan(value) ? 0.0 : value, marked ? '*' : '(', pct,
                     marked ? '*' : ')');
}

}  // namespace

std::string format_mmtests(const Comparison& c) {
  size_t s_width = 0, o_width = 0;
  for (const auto& m : c.metrics) {
    o_width = std::max(o_width, m.spec.name.size());
    for (Row row : {Row::kMin, Row::kMean, Row::kStddev, Row::kCoeffVar, Row::kMax, Row::kDetect})
      s_width = std::max(s_width, row_name(row, any_harmonic(m)).size());
  }
  std::string out, line1 = std::string(s_width + o_width + 1, ' '), line2 = line1;
  for (const auto& set : c.sets) {
    auto [a, b] = split_label(set.label);
    line1 += fmt::format("{:>23}", a);
    line2 += fmt::format("{:>23}", b);
  }
  out += test_line(c) + line1 + "\n" + line2 + "\n";
  for (Row row : {Row::kMin, Row::kMean, Row::kStddev, Row::kCoeffVar, Row::kMax, Row::kDetect})
    for (const auto& m : c.metrics) {
      std::string line = fmt::format("{:<{}} {:<{}}", row_name(row, any_harmonic(m)), s_width,
                                     m.spec.name, o_width);
      for (size_t i = 0; i < m.cells.size(); ++i) line += cell_text(row, m, i);
      out += line + "\n";
    }
  out += format_underneath_text(c);
  out += format_histograms_text(c);
  out += format_profile_text(c);
  out += note_block(c, Style::kMmtests);
  return out;
}

}  // namespace schedlab
