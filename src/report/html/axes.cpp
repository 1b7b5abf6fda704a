#include "report/html/axes.h"

#include <algorithm>

namespace schedlab::html {
namespace {

constexpr double kCharWidth = 6.5;  // of the 11px sans-serif labels, for layout only
constexpr std::size_t kLongestLabel = 28;
constexpr double kLeftRoom = 64;  // y tick labels and the axis title
constexpr double kRightRoom = 16;

// At most kLongestLabel bytes, cut before a UTF-8 sequence, with an ellipsis.
std::string shortened(const std::string& name) {
  if (name.size() <= kLongestLabel) return name;
  std::size_t cut = kLongestLabel - 3;
  while (cut > 0 && (static_cast<unsigned char>(name[cut]) & 0xC0) == 0x80) --cut;
  return name.substr(0, cut) + "\u2026";
}

// Where each legend entry goes: left to right, wrapping before `right`.
std::vector<Point> legend_positions(const std::vector<std::string>& names, double left, double right) {
  std::vector<Point> at;
  double x = left, y = 12;
  for (const auto& n : names) {
    const double width = 32 + static_cast<double>(shortened(n).size()) * kCharWidth;
    if (x + width > right && x > left) {
      x = left;
      y += 14;
    }
    at.push_back({x, y});
    x += width;
  }
  return at;
}

std::size_t longest_name(const std::vector<std::string>& names) {
  std::size_t longest = 0;
  for (const auto& n : names) longest = std::max(longest, shortened(n).size());
  return longest;
}

bool slanted(const std::vector<std::string>& names, double frame_width) {
  const double room = names.empty() ? 0 : frame_width / static_cast<double>(names.size());
  return static_cast<double>(longest_name(names)) * kCharWidth > room;
}

}  // namespace

Frame plot_frame(double width, double height, double top_room, double bottom_room) {
  return Frame{kLeftRoom, top_room, width - kRightRoom, height - bottom_room};
}

double legend_room(const std::vector<std::string>& names, double width) {
  const auto at = legend_positions(names, kLeftRoom, width - kRightRoom);
  return (at.empty() ? 0 : at.back().y) + 14;
}

void draw_y_axis(Svg& svg, const Frame& frame, const Scale& y, std::string_view title) {
  for (double t : y.ticks()) {
    const double py = y(t);
    svg.line({frame.left, py}, {frame.right, py}, "grid");
    svg.text({frame.left - 6, py + 4}, tick_label(t), Anchor::kEnd, "tick");
  }
  svg.line({frame.left, frame.top}, {frame.left, frame.bottom}, "axis");
  svg.text({14, (frame.top + frame.bottom) / 2}, title, Anchor::kMiddle, "axis-title", -90);
}

void draw_x_axis(Svg& svg, const Frame& frame, const Scale& x, std::string_view title,
                 std::string (*label_of)(double)) {
  for (double t : x.ticks()) {
    const double px = x(t);
    svg.line({px, frame.top}, {px, frame.bottom}, "grid");
    svg.text({px, frame.bottom + 16}, label_of ? label_of(t) : tick_label(t), Anchor::kMiddle, "tick");
  }
  svg.line({frame.left, frame.bottom}, {frame.right, frame.bottom}, "axis");
  svg.text({(frame.left + frame.right) / 2, frame.bottom + 34}, title, Anchor::kMiddle, "axis-title");
}

double category_room(const std::vector<std::string>& names, double width) {
  if (!slanted(names, width - kLeftRoom - kRightRoom)) return 28;
  return 24 + static_cast<double>(longest_name(names)) * kCharWidth * 0.5;  // sin 30°
}

void draw_x_categories(Svg& svg, const Frame& frame, const std::vector<std::string>& names,
                       const std::vector<double>& positions) {
  const bool slant = slanted(names, frame.width());
  svg.line({frame.left, frame.bottom}, {frame.right, frame.bottom}, "axis");
  for (std::size_t i = 0; i < names.size() && i < positions.size(); ++i) {
    const Point at{positions[i], frame.bottom + 16};
    if (slant) svg.text(at, shortened(names[i]), Anchor::kEnd, "tick", -30);
    else svg.text(at, shortened(names[i]), Anchor::kMiddle, "tick");
  }
}

std::string set_class(std::size_t i) { return "set" + std::to_string(i % 8); }

void draw_legend(Svg& svg, const Frame& frame, const std::vector<std::string>& names,
                 const std::vector<std::string>& classes) {
  const auto at = legend_positions(names, frame.left, frame.right);
  for (std::size_t i = 0; i < names.size() && i < classes.size(); ++i) {
    svg.rect({at[i].x, at[i].y - 8}, 10, 10, "swatch " + classes[i]);
    svg.text({at[i].x + 14, at[i].y + 1}, shortened(names[i]), Anchor::kStart, "legend");
  }
}

}  // namespace schedlab::html
