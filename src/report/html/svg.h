#pragma once
// SVG primitives for the report's plots.  A plot is one <svg> element with
// a viewBox, so it scales with the page; coordinates are printed with one
// decimal, so the same data always gives the same bytes (golden tests).
// Colours come from CSS classes (stylesheet.cpp), never from here.
#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

namespace schedlab::html {

struct Point {
  double x = 0, y = 0;
};

enum class Anchor { kStart, kMiddle, kEnd };

// One <svg> element being drawn.  Every text given to it is escaped here.
class Svg {
 public:
  // `kind` becomes data-plot ("strip", "latency", ...), `title` the
  // accessible name and the first child <title>.
  Svg(double width, double height, std::string_view kind, std::string_view title);

  // How many data points the plot shows, as data-points: what the browser
  // test counts to know that a plot is not empty.
  void set_points(std::size_t n) { points_ = n; }

  void line(Point a, Point b, std::string_view css_class);
  // `tooltip` (optional) is shown by the browser on hover (<title>).
  void polyline(const std::vector<Point>& points, std::string_view css_class,
                std::string_view tooltip = {});
  void rect(Point corner, double width, double height, std::string_view css_class,
            std::string_view tooltip = {});
  void circle(Point centre, double radius, std::string_view css_class,
              std::string_view tooltip = {});
  // Text at `at` (the baseline), rotated by `degrees` around it.
  void text(Point at, std::string_view content, Anchor anchor, std::string_view css_class,
            double degrees = 0);

  std::string str() const;

 private:
  double width_, height_;
  std::string kind_, title_;
  std::size_t points_ = 0;
  std::string body_;
};

// A coordinate as printed: one decimal, never "-0.0".
std::string coordinate(double v);

}  // namespace schedlab::html
