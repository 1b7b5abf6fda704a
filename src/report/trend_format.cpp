#include "report/trend_format.h"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <cmath>

#include "report/history_format.h"
#include "report/table.h"
#include "report/wrap.h"
#include "core/descriptive.h"

namespace schedlab {
namespace {

constexpr std::size_t kMostPointsListed = 60;
constexpr const char* kBlocks[] = {"▁", "▂", "▃", "▄", "▅", "▆", "▇", "█"};

std::string shown_key(const store::Trend& t, const store::TrendPoint& p) {
  return t.query.by == store::TrendBy::kTime ? short_time(p.key) : p.key;
}

const char* verdict(const store::Trend& t, double change_pct) {
  if (change_pct == 0) return "";
  return (change_pct > 0) == (t.metric.better == Better::kHigher) ? "better" : "worse";
}

std::string method_line(const store::Trend& t) {
  const auto& o = t.query.change_points;
  return fmt::format("e-divisive means (Matteson & James 2014), {} permutations, alpha {}, at least {} "
                     "points a side",
                     o.permutations, o.alpha, o.min_size);
}

// A '^' under each change point, when the sparkline has one column a point.
std::string markers(const store::Trend& t) {
  std::string line(t.points.size(), ' ');
  for (const auto& c : t.change_points) line[c.index] = '^';
  while (!line.empty() && line.back() == ' ') line.pop_back();
  return line;
}

std::string points_table(const store::Trend& t) {
  Table table({"#", to_string(t.query.by), "sets", "runs", "mean"});
  for (std::size_t i = 0; i < t.points.size(); ++i) {
    const auto& p = t.points[i];
    table.add_row({std::to_string(i + 1), shown_key(t, p), std::to_string(p.set_ids.size()),
                   std::to_string(p.runs), human_number(p.mean)});
  }
  return table.render();
}

std::string change_table(const store::Trend& t) {
  Table table({"#", "at", "before", "after", "change", "p", ""});
  for (const auto& c : t.change_points)
    table.add_row({std::to_string(c.index + 1), shown_key(t, t.points[c.index]),
                   human_number(c.before_mean), human_number(c.after_mean),
                   fmt::format("{:+.2f}%", c.change_pct), fmt::format("{:.3f}", c.p_value),
                   verdict(t, c.change_pct)});
  return table.render();
}

}  // namespace

std::string sparkline(const std::vector<double>& values, std::size_t width) {
  std::vector<double> xs;
  const std::size_t n = values.size(), columns = std::min(n, width);
  for (std::size_t c = 0; c < columns; ++c) {
    const std::size_t from = c * n / columns, to = (c + 1) * n / columns;
    xs.push_back(stats::mean(std::span(values).subspan(from, to - from)));
  }
  if (xs.empty()) return "";
  const auto [lo, hi] = std::minmax_element(xs.begin(), xs.end());
  std::string out;
  for (double x : xs) {
    const int level = *hi > *lo ? static_cast<int>(std::lround((x - *lo) / (*hi - *lo) * 7)) : 3;
    out += kBlocks[level];
  }
  return out;
}

std::string format_trend_text(const store::Trend& t) {
  std::vector<double> means;
  std::size_t sets = 0;
  for (const auto& p : t.points) {
    means.push_back(p.mean);
    sets += p.set_ids.size();
  }
  std::string out = wrap(fmt::format("{} {} ({}, {} is better) by {}, {}: {} points from {} sets",
                                     t.query.workload, t.metric.name, t.metric.unit, to_string(t.metric.better),
                                     to_string(t.query.by),
                                     t.query.host.empty() ? "every host" : "host " + t.query.host, t.points.size(),
                                     sets),
                         kTextWidth, "", "  ") +
                    "\n";
  if (!t.spec.empty()) out += fmt::format("spec {}\n", t.spec);
  if (!t.other_specs.empty()) {
    std::vector<std::string> others;
    for (const auto& [id, count] : t.other_specs)
      others.push_back(fmt::format("{} ({} set{})", id.empty() ? "unknown" : id.substr(0, 8), count, count == 1 ? "" : "s"));
    out += wrap(fmt::format("(other specs of {} in the store, never averaged in: {}; --spec ID shows one)",
                            t.query.workload, fmt::join(others, ", ")),
                kTextWidth, "", "  ") +
           "\n";
  }
  if (t.sets_without_value > 0)
    out += wrap(fmt::format("({} more set{} of {} measured no {}: not in the trend)", t.sets_without_value,
                            t.sets_without_value == 1 ? "" : "s", t.query.workload, t.metric.name),
                kTextWidth, "", "  ") +
           "\n";
  out += sparkline(means, kTextWidth) + "\n";
  if (t.points.size() <= kTextWidth) out += markers(t) + "\n";
  out += t.points.size() <= kMostPointsListed
             ? points_table(t)
             : fmt::format("({} points: 'schedlab trend ... --json' lists them)\n", t.points.size());
  out += "\n";
  if (t.change_points.empty()) return out + wrap("no change points: " + method_line(t), kTextWidth, "", "  ") + "\n";
  return out + wrap("change points: " + method_line(t), kTextWidth, "", "  ") + "\n" + change_table(t);
}

std::string format_trend_json(const store::Trend& t) {
  const auto& o = t.query.change_points;
  ordered_json points = ordered_json::array(), changes = ordered_json::array();
  for (std::size_t i = 0; i < t.points.size(); ++i) {
    const auto& p = t.points[i];
    points.push_back({{"position", i + 1}, {"key", p.key}, {"started", p.started}, {"sets", p.set_ids},
                      {"runs", p.runs}, {"mean", p.mean}});
  }
  for (const auto& c : t.change_points)
    changes.push_back({{"position", c.index + 1}, {"key", t.points[c.index].key},
                       {"before_mean", c.before_mean}, {"after_mean", c.after_mean},
                       {"change_pct", c.change_pct}, {"p_value", c.p_value}, {"statistic", c.statistic},
                       {"direction", verdict(t, c.change_pct)}});
  ordered_json other = ordered_json::array();
  for (const auto& [id, count] : t.other_specs) other.push_back({{"spec", id}, {"sets", count}});
  const ordered_json j = {
      {"schema", "schedlab.trend/1"}, {"workload", t.query.workload}, {"metric", t.metric.name},
      {"unit", t.metric.unit}, {"better", to_string(t.metric.better)}, {"by", to_string(t.query.by)},
      {"host", t.query.host.empty() ? ordered_json() : ordered_json(t.query.host)},
      {"method", {{"name", "e-divisive means"}, {"reference", "Matteson & James (2014), JASA 109:334-345"},
                  {"alpha", o.alpha}, {"permutations", o.permutations}, {"min_size", o.min_size},
                  {"seed", o.seed}}},
      {"points", points}, {"change_points", changes}, {"sets_without_value", t.sets_without_value},
      {"spec", t.spec}, {"other_specs", other}};
  return j.dump(2) + "\n";
}

}  // namespace schedlab
