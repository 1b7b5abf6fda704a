#include "report/html/histogram_plot.h"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <map>

#include "compare/run_histograms.h"
#include "probes/bpf/lifecycle.h"
#include "report/histogram_format.h"
#include "report/html/axes.h"

namespace schedlab::html {
namespace {

constexpr double kHistogramWidth = 720, kHistogramHeight = 260;

// One set's pooled histogram on the display buckets: probes/bpf/lifecycle.h's
// (4 per power of two), into which the probe's own buckets and the
// workload's finer ones (channel/histogram.h: 256 per power of two) fall
// whole.  `pct` is the share of the set's values per quarter octave, so
// that buckets of unequal width on the log axis compare.
struct SetShares {
  std::size_t set = 0;
  std::map<std::uint32_t, double> pct;  // by display bucket
};

double lower_us(std::uint32_t b) { return static_cast<double>(sl_bucket_lower(b)) / 1e3; }
double upper_us(std::uint32_t b) { return static_cast<double>(sl_bucket_lower(b + 1)) / 1e3; }

std::optional<SetShares> shares_of(const Comparison& c, std::size_t i, const std::string& name,
                                   std::vector<std::string>& problems) {
  std::map<std::uint32_t, double> counts;
  double total = 0;
  for (const auto& r : set_histograms(c.sets[i], name, problems))
    for (const auto& bin : r.histogram.bins) {
      total += static_cast<double>(bin.count);
      // [0, 1) ns has no place on a log axis (and no real interval is that short).
      if (bin.lower > 0 && sl_bucket(bin.lower) + 1 < SL_BUCKETS) counts[sl_bucket(bin.lower)] += static_cast<double>(bin.count);
    }
  if (counts.empty()) return std::nullopt;
  SetShares s{i, {}};
  for (const auto& [b, n] : counts) s.pct[b] = n / total * 100 / (4 * std::log2(upper_us(b) / lower_us(b)));
  return s;
}

// A step line over every bucket from the set's first to its last,
// empty ones at zero.
void draw_steps(Svg& svg, const SetShares& s, const Scale& x, const Scale& y, const std::string& label) {
  const std::uint32_t first = s.pct.begin()->first, last = s.pct.rbegin()->first;
  std::vector<Point> line{{x(lower_us(first)), y(0)}};
  for (std::uint32_t b = first; b <= last; ++b) {
    const auto it = s.pct.find(b);
    const double v = it == s.pct.end() ? 0 : it->second;
    line.push_back({x(lower_us(b)), y(v)});
    line.push_back({x(upper_us(b)), y(v)});
  }
  line.push_back({x(upper_us(last)), y(0)});
  svg.polyline(line, "curve " + set_class(s.set), label);
}

double share_at(const SetShares& s, double ns) {
  const auto it = s.pct.find(sl_bucket(static_cast<std::uint64_t>(std::max(ns, 1.0))));
  return it == s.pct.end() ? 0 : it->second;
}

std::string dot_text(const Comparison& c, const HistogramShift& h, bool baseline) {
  const auto& s = h.shift;
  const std::string q = fmt::format("p{:g}", s.quantile * 100);
  if (baseline) return fmt::format("{} {}: {}", c.sets.front().label, q, time_text(s.base));
  return fmt::format("{} {}: {}, {:+.1f}% [{:+.1f}, {:+.1f}] vs {}, {}{}", c.sets[h.set].label, q, time_text(s.other),
                     (s.ratio - 1) * 100, (s.ratio_interval.low - 1) * 100, (s.ratio_interval.high - 1) * 100,
                     c.sets.front().label, q_text(h.q_value), h.flagged ? ", flagged" : "");
}

// Dots at the tested quantiles: each set's from its shift, the baseline's
// from its first.  Returns how many.
std::size_t draw_quantiles(Svg& svg, const Comparison& c, const std::string& name,
                           const std::vector<SetShares>& shares, const Scale& x, const Scale& y) {
  std::size_t n = 0;
  std::vector<double> baseline_done;
  const auto dot = [&](std::size_t set, double ns, const std::string& text) {
    for (const auto& s : shares)
      if (s.set == set) {
        svg.circle({x(std::max(ns, 1.0) / 1e3), y(share_at(s, ns))}, 3.5, "dot " + set_class(set), text);
        ++n;
      }
  };
  for (const auto& h : c.histograms.shifts) {
    if (h.histogram != name) continue;
    if (std::find(baseline_done.begin(), baseline_done.end(), h.shift.quantile) == baseline_done.end()) {
      baseline_done.push_back(h.shift.quantile);
      dot(0, h.shift.base, dot_text(c, h, true));
    }
    dot(h.set, h.shift.other, dot_text(c, h, false));
  }
  return n;
}

}  // namespace

std::string histogram_plot(const Comparison& c, const std::string& name, std::vector<std::string>& problems) {
  std::vector<SetShares> shares;
  for (std::size_t i = 0; i < c.sets.size(); ++i)
    if (c.sets[i].status == Status::kPass)  // not compared, so not drawn
      if (auto s = shares_of(c, i, name, problems)) shares.push_back(std::move(*s));
  if (shares.empty()) return "";
  std::vector<std::string> names, classes;
  names.reserve(shares.size());
  classes.reserve(shares.size());
  double lo = 1e300, hi = 0, top = 0;
  for (const auto& s : shares) {
    names.push_back(c.sets[s.set].label);
    classes.push_back(set_class(s.set));
    lo = std::min(lo, lower_us(s.pct.begin()->first));
    hi = std::max(hi, upper_us(s.pct.rbegin()->first));
    for (const auto& [b, v] : s.pct) top = std::max(top, v);
  }
  const double legend = legend_room(names, kHistogramWidth);
  const Frame f = plot_frame(kHistogramWidth, kHistogramHeight + legend, legend, 48);
  const Scale x = Scale::log(lo, hi, f.left, f.right);
  const Scale y = Scale::linear(0, top * 1.08, f.bottom, f.top);
  Svg svg(kHistogramWidth, kHistogramHeight + legend, "histogram", name + " histogram per set");
  draw_legend(svg, f, names, classes);
  draw_y_axis(svg, f, y, "% of values per quarter octave");
  draw_x_axis(svg, f, x, name + " (us, log scale)");
  std::size_t points = 0;
  for (const auto& s : shares) {
    draw_steps(svg, s, x, y, c.sets[s.set].label);
    points += s.pct.size();
  }
  svg.set_points(points + draw_quantiles(svg, c, name, shares, x, y));
  return svg.str();
}

}  // namespace schedlab::html
