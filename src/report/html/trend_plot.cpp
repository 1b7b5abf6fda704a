#include "report/html/trend_plot.h"

#include <fmt/format.h>

#include <algorithm>

#include "report/html/axes.h"
#include "report/table.h"

namespace schedlab::html {
namespace {

constexpr double kTrendWidth = 720, kTrendHeight = 260;
constexpr std::size_t kMostLabels = 24;  // x labels shown; the others only in tooltips

std::vector<std::string> shown_keys(const store::Trend& t) {
  const std::size_t every = (t.points.size() + kMostLabels - 1) / kMostLabels;
  std::vector<std::string> keys;
  for (std::size_t i = 0; i < t.points.size(); ++i)
    keys.push_back(i % every == 0 ? t.points[i].key : "");
  return keys;
}

std::string direction(const store::Trend& t, double change_pct) {
  if (change_pct == 0) return "flat";
  return (change_pct > 0) == (t.metric.better == Better::kHigher) ? "better" : "worse";
}

void draw_change_points(Svg& svg, const store::Trend& t, const Frame& f, const std::vector<double>& xs) {
  for (const auto& c : t.change_points) {
    if (c.index == 0 || c.index >= xs.size()) continue;
    const double x = (xs[c.index - 1] + xs[c.index]) / 2;
    const std::string way = direction(t, c.change_pct);
    svg.line({x, f.top}, {x, f.bottom}, "change " + way);
    svg.text({x + 4, f.top + 12}, fmt::format("{:+.1f}%", c.change_pct), Anchor::kStart, "change-label " + way);
    svg.rect({x - 4, f.top}, 8, f.height(), "hit",
             fmt::format("change point before {}: {} -> {} ({:+.2f}%, p = {:.3f})", t.points[c.index].key,
                         format_number(c.before_mean, 14), format_number(c.after_mean, 14), c.change_pct,
                         c.p_value));
  }
}

}  // namespace

std::string trend_plot(const store::Trend& t, const std::vector<std::string>& compared) {
  const auto keys = shown_keys(t);
  const double bottom = category_room(keys, kTrendWidth);
  const Frame f = plot_frame(kTrendWidth, kTrendHeight + bottom, 12, bottom);
  std::vector<double> means, xs;
  for (const auto& p : t.points) means.push_back(p.mean);
  const auto [lo, hi] = padded_range(means);
  const Scale y = Scale::linear(lo, hi, f.bottom, f.top);
  const double band = f.width() / static_cast<double>(std::max<std::size_t>(1, t.points.size()));
  for (std::size_t i = 0; i < t.points.size(); ++i) xs.push_back(f.left + (static_cast<double>(i) + 0.5) * band);
  Svg svg(
      kTrendWidth, kTrendHeight + bottom, "trend",
      fmt::format("{} {} by {}", t.query.workload, t.metric.name, store::to_string(t.query.by)));
  draw_y_axis(svg, f, y, fmt::format("{} ({}), mean of the sets", t.metric.name, t.metric.unit));
  draw_x_categories(svg, f, keys, xs);
  draw_change_points(svg, t, f, xs);
  std::vector<Point> line;
  for (std::size_t i = 0; i < t.points.size(); ++i) line.push_back({xs[i], y(means[i])});
  svg.polyline(line, "series");
  for (std::size_t i = 0; i < t.points.size(); ++i) {
    const auto& p = t.points[i];
    const bool ringed = std::find(compared.begin(), compared.end(), p.key) != compared.end();
    svg.circle(line[i], ringed ? 5 : 3, ringed ? "dot point compared" : "dot point",
               fmt::format("{}: {} {} ({} sets, {} runs){}", p.key, format_number(p.mean, 14), t.metric.unit,
                           p.set_ids.size(), p.runs, ringed ? ", compared in this report" : ""));
  }
  svg.set_points(t.points.size());
  return svg.str();
}

}  // namespace schedlab::html
