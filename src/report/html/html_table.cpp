#include "report/html/html_table.h"

#include <fmt/format.h>

#include "report/html/escape.h"

namespace schedlab::html {
namespace {

std::string cell_html(const HtmlCell& c, const char* tag) {
  std::string attributes;
  if (!c.css_class.empty()) attributes += fmt::format(" class=\"{}\"", escape(c.css_class));
  if (!c.title.empty()) attributes += fmt::format(" title=\"{}\"", escape(c.title));
  const std::string note = c.note.empty() ? "" : fmt::format("<br><small>{}</small>", escape(c.note));
  return fmt::format("<{}{}>{}{}</{}>", tag, attributes, escape(c.text), note, tag);
}

}  // namespace

void HtmlTable::header(const std::vector<std::string>& names) {
  head_ = "<tr>";
  for (const auto& n : names) head_ += "<th scope=\"col\">" + escape(n) + "</th>";
  head_ += "</tr>\n";
}

void HtmlTable::row(const std::vector<HtmlCell>& cells) {
  body_ += "<tr>";
  for (std::size_t i = 0; i < cells.size(); ++i) body_ += cell_html(cells[i], i == 0 ? "th" : "td");
  body_ += "</tr>\n";
}

std::string HtmlTable::str() const {
  return fmt::format("<table class=\"{}\">\n<thead>{}</thead>\n<tbody>\n{}</tbody>\n</table>\n",
                     escape(css_class_), head_, body_);
}

}  // namespace schedlab::html
