#include "report/html/document.h"

#include <fmt/format.h>

#include "report/html/escape.h"
#include "report/html/stylesheet.h"

namespace schedlab::html {
namespace {

constexpr std::string_view kPolicy =
    "<meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none'; "
    "style-src 'unsafe-inline'\">";

std::string contents(const std::vector<Section>& sections) {
  std::string links;
  for (const auto& s : sections)
    links += fmt::format("<a href=\"#{}\">{}</a>", escape(s.id), escape(s.heading));
  return "<nav>" + links + "</nav>\n";
}

}  // namespace

std::string html_document(std::string_view title, std::string_view meta,
                          const std::vector<Section>& sections) {
  std::string out = fmt::format(
      "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n{}\n{}\n"
      "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n"
      "<title>{}</title>\n<style>{}</style>\n</head>\n<body>\n<header>\n<h1>{}</h1>\n"
      "<div class=\"meta\">{}</div>\n{}</header>\n<main>\n",
      kPolicy, kGeneratorMarker, escape(title), stylesheet(), escape(title), meta, contents(sections));
  for (const auto& s : sections)
    out += fmt::format("<section id=\"{}\">\n<h2>{}</h2>\n{}</section>\n", escape(s.id), escape(s.heading),
                       s.body);
  return out + "</main>\n</body>\n</html>\n";
}

std::string figure(const std::string& svg, std::string_view caption) {
  return fmt::format("<figure>\n{}<figcaption>{}</figcaption>\n</figure>\n", svg, escape(caption));
}

std::string paragraph(std::string_view text) { return "<p>" + escape(text) + "</p>\n"; }

}  // namespace schedlab::html
