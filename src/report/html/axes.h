#pragma once
// The frame every plot is drawn in: a plot area inside an SVG, its
// gridlines, tick labels and axis titles.
#include <string>
#include <string_view>
#include <vector>

#include "report/html/scale.h"
#include "report/html/svg.h"

namespace schedlab::html {

// The plot area, in SVG units: left, top, right, bottom.
struct Frame {
  double left = 0, top = 0, right = 0, bottom = 0;
  double width() const { return right - left; }
  double height() const { return bottom - top; }
};

// The area of a `width` x `height` plot that leaves room for the y tick
// labels (left), `top_room` for a legend and `bottom_room` for x labels.
Frame plot_frame(double width, double height, double top_room, double bottom_room = 40);

// Horizontal gridlines with their tick labels on the left, and the axis
// title written upwards beside them.
void draw_y_axis(Svg& svg, const Frame& frame, const Scale& y, std::string_view title);
// Vertical gridlines with tick labels under the frame (labels from
// `label_of`, default tick_label), and the title below them.
void draw_x_axis(Svg& svg, const Frame& frame, const Scale& x, std::string_view title,
                 std::string (*label_of)(double) = nullptr);
// Category names under the frame at `positions`, slanted when they would
// collide; category_room is the room below the frame they need.
double category_room(const std::vector<std::string>& names, double width);
void draw_x_categories(Svg& svg, const Frame& frame, const std::vector<std::string>& names,
                       const std::vector<double>& positions);

// Colour class of the i-th set ("set0" .. "set7", then again).
std::string set_class(std::size_t i);

// The room above the frame that draw_legend needs for `names` in a plot
// `width` wide: one 14-unit row per line of swatches, and a margin.
double legend_room(const std::vector<std::string>& names, double width);
// Rows of swatches with their names above the frame, one per set.
void draw_legend(Svg& svg, const Frame& frame, const std::vector<std::string>& names,
                 const std::vector<std::string>& classes);

}  // namespace schedlab::html
