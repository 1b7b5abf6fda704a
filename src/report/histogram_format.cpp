#include "report/histogram_format.h"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>

#include "report/table.h"
#include "report/wrap.h"

namespace schedlab {
namespace {

// "p50", "p99", "p99.9".
std::string quantile_label(double q) { return fmt::format("p{:g}", q * 100); }

double shift_pct(double ratio) { return (ratio - 1) * 100; }

std::string unit_time(const HistogramShift& s, double value) {
  return s.unit == "ns" ? time_text(value) : human_number(value) + s.unit;
}

std::string test_text(const HistogramShifts& h) {
  return h.paired ? "permutation of the two runs of each block" : "permutation of the runs between the sets";
}

std::string interval_text(const HistogramShifts& h) {
  return h.paired ? "bootstrap over blocks" : "bootstrap over runs";
}

std::string heading(const Comparison& c) {
  const auto& h = c.histograms;
  return wrap(fmt::format("Histograms: each set's runs pooled, new vs baseline with a {:g}% interval by {}; "
                          "*: {}, BH q <= {} ({} tests):",
                          h.confidence * 100, interval_text(h), test_text(h), c.options.alpha, h.tests),
              kTextWidth) +
         "\n";
}

// "  B vs A (10 runs each):", and when no shift of the set could be flagged
// with its runs, why.
std::string set_heading(const Comparison& c, const HistogramShift& first, double smallest_p) {
  const std::string unit = c.histograms.paired ? "blocks" : "runs";
  std::string line = fmt::format("{} vs {} ({}):", c.sets[first.set].label, c.sets.front().label,
                                 first.base_runs == first.runs ? fmt::format("{} {} each", first.runs, unit)
                                                               : fmt::format("{} and {} {}", first.base_runs,
                                                                             first.runs, unit));
  if (smallest_p > c.options.alpha)
    line += fmt::format(" with so few {} the smallest p is {:.3g}: nothing can be flagged", unit, smallest_p);
  return wrap(line, kTextWidth, "  ", "    ") + "\n";
}

std::string shift_line(const HistogramShift& s, std::size_t name_width) {
  const auto& x = s.shift;
  return fmt::format("    {:<{}} {:<3} {:>8} {:>8} {:>7}% [{:>6}, {:>6}] {}{}\n", s.histogram, name_width,
                     quantile_label(x.quantile), unit_time(s, x.base), unit_time(s, x.other),
                     pct_text(shift_pct(x.ratio)), pct_text(shift_pct(x.ratio_interval.low)),
                     pct_text(shift_pct(x.ratio_interval.high)), q_text(s.q_value), s.flagged ? " *" : "");
}

}  // namespace

std::string pct_text(double pct) {
  if (std::fabs(pct) < 999.95) return fmt::format("{:+.1f}", pct);
  if (pct < 9999.5) return fmt::format("{:+.0f}", pct);
  return fmt::format("x{:.0f}", 1 + pct / 100);
}

std::string time_text(double ns) {
  if (std::fabs(ns) < 999.5) return fmt::format("{:.0f}ns", ns);
  if (std::fabs(ns) < 999.5e3) return human_number(ns / 1e3) + "us";
  if (std::fabs(ns) < 999.5e6) return human_number(ns / 1e6) + "ms";
  return human_number(ns / 1e9) + "s";
}

std::string format_histograms_text(const Comparison& c) {
  const auto& h = c.histograms;
  if (h.shifts.empty() && h.problems.empty()) return "";
  std::string out = "\n" + heading(c);
  std::size_t name_width = 8;
  for (const auto& s : h.shifts) name_width = std::max(name_width, s.histogram.size());
  if (!h.shifts.empty())
    out += fmt::format("    {:<{}} {:<3} {:>8} {:>8} {:>8} {:>17}\n", "histogram", name_width, "q", "baseline", "new",
                       "shift", fmt::format("{:g}% interval", h.confidence * 100));
  for (std::size_t k = 0; k < h.shifts.size(); ++k) {
    const auto& s = h.shifts[k];
    if (k == 0 || s.set != h.shifts[k - 1].set) {
      double smallest = 1;
      for (const auto& t : h.shifts)
        if (t.set == s.set) smallest = std::min(smallest, t.smallest_p);
      out += set_heading(c, s, smallest);
    }
    out += shift_line(s, name_width);
  }
  for (const auto& p : h.problems) out += wrap(p, kTextWidth, "  ", "    ") + "\n";
  return out;
}

std::string format_histograms_csv(const Comparison& c) {
  if (c.histograms.shifts.empty()) return "";
  std::string out =
      "\nhistogram_set,histogram,quantile,unit,base,new,ratio,ratio_low,ratio_high,p_value,q_value_bh,flagged,"
      "base_runs,runs\n";
  for (const auto& s : c.histograms.shifts) {
    const auto& x = s.shift;
    out += fmt::format("{},{},{},{},{},{},{},{},{},{},{},{},{},{}\n", csv_field(c.sets[s.set].label), s.histogram,
                       x.quantile, s.unit, x.base, x.other, x.ratio, x.ratio_interval.low, x.ratio_interval.high,
                       x.p_value, s.q_value, s.flagged ? "yes" : "no", s.base_runs, s.runs);
  }
  return out;
}

ordered_json histograms_json(const Comparison& c) {
  const auto& h = c.histograms;
  ordered_json shifts = ordered_json::array();
  for (const auto& s : h.shifts) {
    const auto& x = s.shift;
    shifts.push_back({{"label", c.sets[s.set].label}, {"histogram", s.histogram}, {"quantile", x.quantile},
                      {"unit", s.unit}, {"base", x.base}, {"new", x.other}, {"ratio", x.ratio},
                      {"ratio_interval", {x.ratio_interval.low, x.ratio_interval.high}},
                      {"p_value", x.p_value}, {"smallest_p", s.smallest_p}, {"q_value_bh", s.q_value},
                      {"flagged", s.flagged}, {"base_runs", s.base_runs}, {"runs", s.runs}});
  }
  return {{"family", {{"test", test_text(h)}, {"interval", interval_text(h)}, {"confidence", h.confidence},
                      {"paired", h.paired}, {"tests", h.tests}, {"correction", "benjamini-hochberg"},
                      {"q", c.options.alpha}}},
          {"shifts", shifts},
          {"left_out", h.problems}};
}

}  // namespace schedlab
