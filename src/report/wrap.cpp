#include "report/wrap.h"

#include <algorithm>
#include <vector>

namespace schedlab {
namespace {

std::vector<std::string_view> split(std::string_view text, char by) {
  std::vector<std::string_view> parts;
  size_t start = 0;
  for (size_t i = 0; i <= text.size(); ++i)
    if (i == text.size() || text[i] == by) {
      parts.push_back(text.substr(start, i - start));
      start = i + 1;
    }
  return parts;
}

}  // namespace

// Spacing inside a line is kept as written ("a  b" stays aligned); the
// spaces where a line breaks are dropped.
std::string wrap(std::string_view text, std::size_t width, std::string_view first, std::string_view rest) {
  std::string out, line(first);
  bool line_has_word = false;
  auto flush = [&] {
    out += line;
    out += '\n';
    line = rest;
    line_has_word = false;
  };
  const auto paragraphs = split(text, '\n');
  for (size_t p = 0; p < paragraphs.size(); ++p) {
    std::string_view para = paragraphs[p];
    size_t pos = 0;
    while (pos < para.size()) {
      const size_t start = para.find_first_not_of(' ', pos);
      if (start == std::string_view::npos) break;
      const size_t end = std::min(para.find(' ', start), para.size());
      const std::string_view gap = para.substr(pos, start - pos), word = para.substr(start, end - start);
      if (line_has_word && line.size() + gap.size() + word.size() > width) flush();
      if (line_has_word) line += gap;
      line += word;
      line_has_word = true;
      pos = end;
    }
    if (p + 1 < paragraphs.size()) flush();
  }
  out += line;
  return out;
}

}  // namespace schedlab
