#pragma once
// An HTML <table> built cell by cell; every text is escaped here.
#include <string>
#include <vector>

namespace schedlab::html {

struct HtmlCell {
  std::string text;
  std::string css_class;  // optional
  std::string title;      // optional tooltip
  std::string note;       // optional second line, smaller
};

class HtmlTable {
 public:
  explicit HtmlTable(std::string css_class) : css_class_(std::move(css_class)) {}
  void header(const std::vector<std::string>& names);
  // A row; its first cell is a row header (<th>).
  void row(const std::vector<HtmlCell>& cells);
  std::string str() const;

 private:
  std::string css_class_, head_, body_;
};

}  // namespace schedlab::html
