#include "report/html/latency_plot.h"

#include <fmt/format.h>

#include <algorithm>

#include "report/html/axes.h"
#include "report/table.h"

namespace schedlab::html {
namespace {

constexpr double kLatencyWidth = 720, kLatencyHeight = 300;
constexpr double kFloorUs = 0.001;  // one nanosecond: below the clock's resolution

// The x position of a percentile: 1 / (1 - p), on a log axis.
double tail_of(double percentile) { return 100 / (100 - percentile); }

std::string percentile_label(double tail) {
  return tail <= 1 ? "0" : fmt::format("p{:.6g}", 100 * (1 - 1 / tail));
}

std::pair<double, double> latency_range(const std::vector<LatencyCurve>& curves) {
  double lo = 1e300, hi = 0;
  for (const auto& c : curves)
    for (const auto& p : c.points) {
      lo = std::min(lo, std::max(p.latency_us, kFloorUs));
      hi = std::max(hi, std::max(p.latency_us, kFloorUs));
    }
  return {lo / 1.25, hi * 1.25};
}

double deepest_tail(const std::vector<LatencyCurve>& curves) {
  double deepest = 10;
  for (const auto& c : curves)
    if (!c.points.empty()) deepest = std::max(deepest, tail_of(c.points.back().percentile));
  return deepest;
}

void draw_curve(Svg& svg, const LatencyCurve& c, const Scale& x, const Scale& y, const std::string& label) {
  const std::string cls = set_class(c.set);
  std::vector<Point> line;
  for (const auto& p : c.points) line.push_back({x(tail_of(p.percentile)), y(std::max(p.latency_us, kFloorUs))});
  svg.polyline(line, "curve " + cls,
               fmt::format("{}: {} samples, max {} us", label, c.samples, format_number(c.max_us, 14)));
  for (double q : kQuotedPercentiles)
    if (const auto v = latency_at(c, q))
      svg.circle({x(tail_of(q)), y(std::max(*v, kFloorUs))}, 3, "dot " + cls,
                 fmt::format("{} p{}: {} us", label, q, format_number(*v, 14)));
}

}  // namespace

std::string latency_plot(const std::vector<LatencyCurve>& curves, const std::vector<ResultSet>& sets,
                         const std::string& what) {
  std::vector<std::string> names, classes;
  for (const auto& c : curves) {
    names.push_back(sets[c.set].label);
    classes.push_back(set_class(c.set));
  }
  const double top = legend_room(names, kLatencyWidth);
  const Frame f = plot_frame(kLatencyWidth, kLatencyHeight + top, top, 48);
  const auto [lo, hi] = latency_range(curves);
  const Scale x = Scale::log(1, deepest_tail(curves), f.left, f.right);
  const Scale y = Scale::log(lo, hi, f.bottom, f.top);
  Svg svg(kLatencyWidth, kLatencyHeight + top, "latency", what + " latency percentiles per set");
  draw_legend(svg, f, names, classes);
  draw_y_axis(svg, f, y, what + " latency (us, log scale)");
  draw_x_axis(svg, f, x, "percentile (log scale of 1 / (1 - p))", percentile_label);
  std::size_t points = 0;
  for (const auto& c : curves) {
    draw_curve(svg, c, x, y, sets[c.set].label);
    points += c.points.size();
  }
  svg.set_points(points);
  return svg.str();
}

}  // namespace schedlab::html
