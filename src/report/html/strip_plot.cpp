#include "report/html/strip_plot.h"

#include <fmt/format.h>

#include <algorithm>
#include <map>

#include "report/html/axes.h"
#include "report/table.h"

namespace schedlab::html {
namespace {

constexpr double kStripWidth = 720, kStripHeight = 240;
constexpr std::size_t kColumns = 5;  // runs of a set are spread over this many columns

struct Dot {
  Point at;
  double value = 0;
  const RunRecord* run = nullptr;
  bool busy = false;
};

bool busy(const ResultSet& set, int run_index) {
  return std::any_of(set.warnings.begin(), set.warnings.end(),
                     [&](const Warning& w) { return w.kind == "busy" && w.run == run_index; });
}

std::string value_text(double v, const MetricSpec& spec) {
  return format_number(v, 14) + " " + spec.unit;
}

std::vector<std::string> labels_of(const std::vector<ResultSet>& sets) {
  std::vector<std::string> names;
  names.reserve(sets.size());
  for (const auto& s : sets) names.push_back(s.label);
  return names;
}

// The dots of one set, spread a little sideways around the set's centre by
// run, so that equal values stay visible.
std::vector<Dot> dots_of(const ComparedMetric& m, const ResultSet& set, double centre, double band) {
  std::vector<Dot> dots;
  for (const auto& run : set.runs)
    if (const auto v = run.values.get(m.spec.name)) dots.push_back({{centre, 0}, *v, &run, busy(set, run.index)});
  const double spread = std::min(band * 0.05, 7.0);
  const double columns = static_cast<double>(std::min<std::size_t>(dots.size(), kColumns));
  for (std::size_t k = 0; k < dots.size(); ++k)
    dots[k].at.x += (static_cast<double>(k % kColumns) - (columns - 1) / 2) * spread;
  return dots;
}

std::string axis_title(const MetricSpec& spec) {
  return fmt::format("{} ({}), {} is better", spec.name, spec.unit, to_string(spec.better));
}

void draw_blocks(Svg& svg, const std::vector<std::vector<Dot>>& dots) {
  std::map<int, std::vector<Point>> by_block;
  for (const auto& set_dots : dots)
    for (const auto& d : set_dots)
      if (d.run->block > 0) by_block[d.run->block].push_back(d.at);
  for (const auto& [block, points] : by_block)
    if (points.size() > 1) svg.polyline(points, "block", fmt::format("block {}", block));
}

void draw_centre(Svg& svg, const Cell& cell, const Scale& y, double centre, double band,
                 const ComparedMetric& m, std::size_t i) {
  const double half = std::min(band * 0.3, 60.0);
  const double py = y(cell.center);
  svg.line({centre - half, py}, {centre + half, py}, "centre " + set_class(i));
  svg.rect({centre - half, py - 4}, 2 * half, 8, "hit",
           fmt::format("{} {}", cell.harmonic ? "Hmean" : "Amean", value_text(cell.center, m.spec)));
}

}  // namespace

std::string strip_plot(const ComparedMetric& m, const std::vector<ResultSet>& sets) {
  const auto names = labels_of(sets);
  const double bottom_room = category_room(names, kStripWidth);
  const Frame f = plot_frame(kStripWidth, kStripHeight + bottom_room, 12, bottom_room);
  const double band = f.width() / static_cast<double>(std::max<std::size_t>(1, sets.size()));
  std::vector<double> positions, values;
  std::vector<std::vector<Dot>> dots(sets.size());
  for (std::size_t i = 0; i < sets.size(); ++i) {
    positions.push_back(f.left + (static_cast<double>(i) + 0.5) * band);
    if (m.cells[i]) dots[i] = dots_of(m, sets[i], positions[i], band);
    for (const auto& d : dots[i]) values.push_back(d.value);
  }
  const auto [lo, hi] = padded_range(values);
  const Scale y = Scale::linear(lo, hi, f.bottom, f.top);
  Svg svg(kStripWidth, kStripHeight + bottom_room, "strip", m.spec.name + " per run and set");
  draw_y_axis(svg, f, y, axis_title(m.spec));
  draw_x_categories(svg, f, names, positions);
  for (auto& set_dots : dots)
    for (auto& d : set_dots) d.at.y = y(d.value);
  draw_blocks(svg, dots);
  std::size_t count = 0;
  for (std::size_t i = 0; i < sets.size(); ++i) {
    if (m.cells[i]) draw_centre(svg, *m.cells[i], y, positions[i], band, m, i);
    for (const auto& d : dots[i])
      svg.circle(d.at, 3.5, "dot " + set_class(i) + (d.busy ? " busy" : ""),
                 fmt::format("{}, run {}{}: {}{}", sets[i].label, d.run->index,
                             d.run->block > 0 ? fmt::format(" (block {})", d.run->block) : "",
                             value_text(d.value, m.spec), d.busy ? " (busy machine)" : ""));
    count += dots[i].size();
  }
  svg.set_points(count);
  return svg.str();
}

}  // namespace schedlab::html
