// LKP's comparison table (intel/lkp-tests lib/compare.rb): per set the mean
// and " ±N%" (population stddev, shown above 2%), "%+10.1f%% " change
// against the first set, the stat named WORKLOAD.METRIC; percentage
// metrics show the absolute difference.
#include <fmt/format.h>

#include <algorithm>
#include <cmath>

#include "core/utf8.h"
#include "report/compare_reporters.h"
#include "report/conventions.h"
#include "report/histogram_format.h"
#include "report/table.h"
#include "report/profile_format.h"
#include "report/underneath_format.h"

namespace schedlab {
namespace {

double population_stddev(const std::vector<double>& xs, double mean) {
  if (xs.size() < 2) return -1;
  double ss = 0;
  for (double x : xs) ss += (x - mean) * (x - mean);
  return std::sqrt(ss / static_cast<double>(xs.size()));
}

std::string value_text(const std::optional<Cell>& cell) {
  if (!cell) return fmt::format("{:>10}{:6}", "-", "");
  const double avg = cell->summary.mean;
  std::string v = std::fabs(avg) < 1000 ? fmt::format("{:10.2f}", avg)
                  : !(std::fabs(avg) <= 1e8) ? fmt::format("{:10.4g}", avg)  // NaN too: no cast
                                         : fmt::format("{:10d}", static_cast<long long>(avg));
  const double sd = population_stddev(cell->values, avg);
  const double pct = avg != 0 && sd >= 0 ? 100 * sd / std::fabs(avg) : 0;
  // A mean near zero makes the spread billions of %: shown as such, not
  // cast to int, which is undefined beyond INT_MAX (and for inf or NaN).
  if (!(pct > 2)) return v + std::string(6, ' ');
  return v + (pct < 1e6 ? fmt::format(" \u00b1{:3d}%", static_cast<int>(pct)) : fmt::format(" \u00b1{:.0e}%", pct));
}

std::string change_text(const ComparedMetric& m, size_t i) {
  if (!m.cells[i] || !m.cells[0]) return std::string(12, ' ');
  const bool absolute = m.spec.unit == "%";
  if (absolute) return fmt::format("{:+10.1f}  ", m.cells[i]->summary.mean - m.cells[0]->summary.mean);
  const double p = m.cells[i]->relative_pct;
  return std::fabs(p) >= 1e5 ? fmt::format("{:+10.2g}% ", p) : fmt::format("{:+10.1f}% ", p);
}

}  // namespace

std::string format_lkp(const Comparison& c) {
  std::string out = test_line(c);
  std::string labels = fmt::format("{:>16} ", utf8_prefix(c.sets.front().label, 16));
  std::string dashes = std::string(16, '-') + " ";
  std::string head1 = "         %stddev", head2 = "             \\  ";
  for (size_t i = 1; i < c.sets.size(); ++i) {
    labels += fmt::format("{:>27} ", utf8_prefix(c.sets[i].label, 27));
    dashes += std::string(27, '-') + " ";
    head1 += "     %change         %stddev";
    head2 += "        |                \\  ";
  }
  out += labels + "\n" + dashes + "\n" + head1 + "\n" + head2 + "\n";
  std::vector<const ComparedMetric*> sorted;
  for (const auto& m : c.metrics) sorted.push_back(&m);
  // The primary metric first (what the reader came for), then by name as LKP.
  const std::string& primary = c.sets.front().workload.primary_metric;
  std::sort(sorted.begin(), sorted.end(), [&](const auto* a, const auto* b) {
    return std::pair(a->spec.name != primary, a->spec.name) < std::pair(b->spec.name != primary, b->spec.name);
  });
  for (const auto* m : sorted) {
    std::string line = value_text(m->cells[0]), mde;
    for (size_t i = 1; i < m->cells.size(); ++i) {
      line += change_text(*m, i) + value_text(m->cells[i]);
      if (!m->cells[i]) continue;
      if (!mde.empty()) mde += ' ';
      mde += mde_text(*m->cells[i]);
    }
    out += line + "  " + c.sets.front().workload.name + "." + m->spec.name +
           (mde.empty() ? "" : " [mde " + mde + "]") + "\n";
  }
  out += format_underneath_text(c);
  out += format_histograms_text(c);
  out += format_profile_lkp(c);
  out += note_block(c, Style::kLkp);
  return out;
}

}  // namespace schedlab
