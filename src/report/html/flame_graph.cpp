#include "report/html/flame_graph.h"

#include <fmt/format.h>

#include <cmath>
#include <functional>

#include "core/utf8.h"
#include "profile/folded_stacks.h"
#include "report/html/svg.h"

namespace schedlab::html {
namespace {

constexpr double kFlameWidth = 640;         // at 1:1 in the report's column beside its table
constexpr double kFlameRow = 17;            // one frame's height
constexpr double kFlameCharWidth = 6.7;     // of the labels' 11 px monospace
constexpr double kFlameNarrowest = 0.5;     // boxes narrower than this are left out
constexpr double kFlamePad = 3;             // label inset

struct FlameLayout {
  double total = 0;   // samples of the root
  double height = 0;  // of the whole graph
  bool differential = false;
  std::string base_label;
  std::size_t boxes = 0;
};

std::string flame_pct(double share) { return fmt::format("{:.2f}%", 100 * share); }

// Kernel frames in one family of colours, user frames in another, the
// process name apart; a name always gets the same shade.
std::string frame_class(const std::string& name, std::size_t depth) {
  if (depth == 1) return "fc";
  const auto shade = std::hash<std::string>{}(name) % 3;
  return (name.ends_with(profile::kKernelSuffix) ? "fk" : "fu") + std::to_string(shade);
}

std::string flame_tooltip(const profile::FrameNode& n, const FlameLayout& l) {
  const double share = static_cast<double>(n.samples) / l.total;
  std::string t = fmt::format("{}: {} of the samples (self {}), {} samples", n.name, flame_pct(share),
                              flame_pct(static_cast<double>(n.self) / l.total), n.samples);
  if (l.differential)
    t += fmt::format("; {} {}: {:+.2f} points", l.base_label, flame_pct(n.base_share), 100 * (share - n.base_share));
  return t;
}

void draw_frames(Svg& svg, const profile::FrameNode& n, double x, std::size_t depth, FlameLayout& l) {
  const double w = static_cast<double>(n.samples) / l.total * kFlameWidth;
  if (w < kFlameNarrowest) return;
  const double y = l.height - static_cast<double>(depth) * kFlameRow;
  if (depth > 0) {
    const double share = static_cast<double>(n.samples) / l.total;
    const std::string css = l.differential ? "frame " + change_class(100 * (share - n.base_share))
                                           : "frame " + frame_class(n.name, depth);
    svg.rect({x, y}, w, kFlameRow - 1, css, flame_tooltip(n, l));
    if (const auto label = fitted_label(n.name, w - 2 * kFlamePad); !label.empty())
      svg.text({x + kFlamePad, y + kFlameRow - 5}, label, Anchor::kStart, "frame-label");
    ++l.boxes;
  }
  double at = x;
  for (const auto& c : n.children) {
    draw_frames(svg, c, at, depth + 1, l);
    at += static_cast<double>(c.samples) / l.total * kFlameWidth;
  }
}

std::string render_flame(const profile::FrameNode& tree, std::string_view title, FlameLayout l) {
  l.total = static_cast<double>(tree.samples);
  l.height = static_cast<double>(profile::tree_depth(tree)) * kFlameRow + 2;
  Svg svg(kFlameWidth, l.height, l.differential ? "flame-diff" : "flame", title);
  if (l.total > 0) draw_frames(svg, tree, 0, 0, l);
  svg.set_points(l.boxes);
  return svg.str();
}

}  // namespace

std::string change_class(double points) {
  const double size = std::fabs(points);
  if (!(size >= 0.1)) return "held";
  const int level = size < 0.5 ? 1 : size < 1 ? 2 : size < 2 ? 3 : size < 5 ? 4 : 5;
  return (points > 0 ? "grew" : "shrank") + std::to_string(level);
}

std::string fitted_label(std::string_view name, double width) {
  const auto fits = static_cast<std::size_t>(std::max(0.0, std::floor(width / kFlameCharWidth)));
  if (fits < 2) return "";
  if (utf8_length(name) <= fits) return std::string(name);
  return utf8_prefix(name, fits - 1) + "\u2026";
}

std::string flame_graph(const profile::FrameNode& tree, std::string_view title) {
  return render_flame(tree, title, {});
}

std::string differential_flame_graph(const profile::FrameNode& tree, std::string_view title,
                                     std::string_view base_label) {
  FlameLayout l;
  l.differential = true;
  l.base_label = base_label;
  return render_flame(tree, title, l);
}

}  // namespace schedlab::html
