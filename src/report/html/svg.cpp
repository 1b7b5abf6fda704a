#include "report/html/svg.h"

#include <fmt/format.h>

#include <cmath>

#include "report/html/escape.h"

namespace schedlab::html {
namespace {

std::string tooltip_element(std::string_view tooltip) {
  return tooltip.empty() ? std::string() : "<title>" + escape(tooltip) + "</title>";
}

// An element with a <title> child when there is a tooltip, else self-closed.
std::string element(std::string_view name, const std::string& attributes,
                    std::string_view tooltip) {
  if (tooltip.empty()) return fmt::format("<{} {}/>\n", name, attributes);
  return fmt::format("<{} {}>{}</{}>\n", name, attributes, tooltip_element(tooltip), name);
}

const char* anchor_name(Anchor a) {
  switch (a) {
    case Anchor::kMiddle: return "middle";
    case Anchor::kEnd: return "end";
    case Anchor::kStart: break;
  }
  return "start";
}

}  // namespace

std::string coordinate(double v) {
  if (!std::isfinite(v)) v = 0;
  std::string s = fmt::format("{:.1f}", v);
  return s == "-0.0" ? "0.0" : s;
}

Svg::Svg(double width, double height, std::string_view kind, std::string_view title)
    : width_(width), height_(height), kind_(kind), title_(title) {}

void Svg::line(Point a, Point b, std::string_view css_class) {
  body_ += fmt::format("<line x1=\"{}\" y1=\"{}\" x2=\"{}\" y2=\"{}\" class=\"{}\"/>\n",
                       coordinate(a.x), coordinate(a.y), coordinate(b.x), coordinate(b.y),
                       escape(css_class));
}

void Svg::polyline(const std::vector<Point>& points, std::string_view css_class,
                   std::string_view tooltip) {
  std::string list;
  for (const auto& p : points) {
    if (!list.empty()) list += ' ';
    list += fmt::format("{},{}", coordinate(p.x), coordinate(p.y));
  }
  body_ += element("polyline", fmt::format("points=\"{}\" class=\"{}\"", list, escape(css_class)),
                   tooltip);
}

void Svg::rect(Point corner, double width, double height, std::string_view css_class,
               std::string_view tooltip) {
  body_ += element("rect",
                   fmt::format("x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\" class=\"{}\"",
                               coordinate(corner.x), coordinate(corner.y), coordinate(width),
                               coordinate(height), escape(css_class)),
                   tooltip);
}

void Svg::circle(Point centre, double radius, std::string_view css_class, std::string_view tooltip) {
  body_ += element("circle",
                   fmt::format("cx=\"{}\" cy=\"{}\" r=\"{}\" class=\"{}\"", coordinate(centre.x),
                               coordinate(centre.y), coordinate(radius), escape(css_class)),
                   tooltip);
}

void Svg::text(Point at, std::string_view content, Anchor anchor, std::string_view css_class,
               double degrees) {
  const std::string rotation =
      degrees == 0 ? std::string()
                   : fmt::format(" transform=\"rotate({} {} {})\"", coordinate(degrees),
                                 coordinate(at.x), coordinate(at.y));
  body_ += fmt::format("<text x=\"{}\" y=\"{}\" text-anchor=\"{}\" class=\"{}\"{}>{}</text>\n",
                       coordinate(at.x), coordinate(at.y), anchor_name(anchor), escape(css_class),
                       rotation, escape(content));
}

std::string Svg::str() const {
  return fmt::format(
      "<svg viewBox=\"0 0 {} {}\" class=\"plot\" "
      "role=\"img\" aria-label=\"{}\" data-plot=\"{}\" data-points=\"{}\">\n<title>{}</title>\n{}"
      "</svg>\n",
      coordinate(width_), coordinate(height_), escape(title_), escape(kind_), points_,
      escape(title_), body_);
}

}  // namespace schedlab::html
