#include "report/html/cpu_split_plot.h"

#include <fmt/format.h>

#include <algorithm>

#include "report/html/axes.h"
#include "report/table.h"

namespace schedlab::html {
namespace {

constexpr double kSplitWidth = 720, kSplitHeight = 220;
constexpr const char* kParts[] = {"user", "nice", "sys", "iowait", "irq", "softirq", "steal", "idle"};

// The means of the split's parts for one set; empty when it has none or
// is not PASS.
std::vector<double> split_of(const ResultSet& set, const std::string& prefix) {
  if (set.status != Status::kPass) return {};  // not compared, so not drawn
  const auto summary = set.summarize();
  std::vector<double> means;
  bool any = false;
  for (const char* part : kParts) {
    const auto it = summary.find(prefix + part + "_pct");
    any |= it != summary.end();
    means.push_back(it == summary.end() ? 0 : it->second.mean);
  }
  return any ? means : std::vector<double>{};
}

std::vector<std::string> part_names() { return {std::begin(kParts), std::end(kParts)}; }

std::vector<std::string> part_classes() {
  std::vector<std::string> classes;
  for (const char* part : kParts) classes.push_back(std::string("cpu-") + part);
  return classes;
}

// One set's stacked bar, from 0 % at the bottom; returns its segments.
std::size_t draw_bar(Svg& svg, const std::vector<double>& means, const Scale& y, double centre,
                     double width, const std::string& label) {
  double from = 0;
  std::size_t segments = 0;
  for (std::size_t k = 0; k < means.size(); ++k) {
    if (means[k] <= 0) continue;
    svg.rect({centre - width / 2, y(from + means[k])}, width, y(from) - y(from + means[k]),
             std::string("cpu-") + kParts[k],
             fmt::format("{}: {} {}%", label, kParts[k], format_number(means[k], 8)));
    from += means[k];
    ++segments;
  }
  return segments;
}

}  // namespace

std::string cpu_split_plot(const std::vector<ResultSet>& sets, const std::string& prefix) {
  std::vector<std::vector<double>> splits;
  std::vector<std::string> names;
  bool any = false;
  for (const auto& set : sets) {
    splits.push_back(split_of(set, prefix));
    names.push_back(set.label);
    any |= !splits.back().empty();
  }
  if (!any) return "";
  const double top = legend_room(part_names(), kSplitWidth),
               bottom = category_room(names, kSplitWidth);
  const Frame f = plot_frame(kSplitWidth, top + kSplitHeight + bottom, top, bottom);
  const Scale y = Scale::linear(0, 100, f.bottom, f.top);
  Svg svg(kSplitWidth, top + kSplitHeight + bottom, "cpu-split",
          prefix == "cpu_" ? "CPU split, all CPUs" : "CPU split, the CPU set of the runs");
  draw_legend(svg, f, part_names(), part_classes());
  draw_y_axis(svg, f, y, "share of CPU time (%)");
  const double band = f.width() / static_cast<double>(sets.size());
  std::vector<double> positions;
  std::size_t segments = 0;
  for (std::size_t i = 0; i < sets.size(); ++i) {
    positions.push_back(f.left + (static_cast<double>(i) + 0.5) * band);
    if (!splits[i].empty())
      segments += draw_bar(svg, splits[i], y, positions[i], std::min(band * 0.6, 90.0), names[i]);
  }
  draw_x_categories(svg, f, names, positions);
  svg.set_points(segments);
  return svg.str();
}

bool cpu_set_split_is_redundant(const std::vector<ResultSet>& sets) {
  for (const auto& set : sets) {
    const auto cpus = set.environment.value("cpus", ordered_json::object());
    const auto requested = set.scenario.requested.value("cpus", ordered_json("inherited"));
    const auto used = requested == "inherited" ? cpus.value("affinity", ordered_json()) : requested;
    if (!used.is_string() || used != cpus.value("online", ordered_json())) return false;
  }
  return true;
}

}  // namespace schedlab::html
