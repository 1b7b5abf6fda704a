#include "report/table.h"

#include <fmt/format.h>

#include <algorithm>

namespace schedlab {

std::string format_number(double value, int width, int decimals) {
  for (int d = decimals; d >= 0; --d) {
    std::string s = fmt::format("{:.{}f}", value, d);
    if (static_cast<int>(s.size()) <= width) return s;
  }
  return fmt::format("{:.{}g}", value, std::max(1, width - 6));
}

std::string csv_field(const std::string& text) {
  if (text.find_first_of(",\"\r\n") == std::string::npos) return text;
  std::string out = "\"";
  for (char ch : text) out += ch == '"' ? std::string("\"\"") : std::string(1, ch);
  return out + "\"";
}

std::string format_note(const std::string& text, std::size_t width) {
  const std::string indent = "      ";
  std::string out = "note:", line;
  std::size_t column = out.size();
  std::size_t pos = 0;
  while (pos < text.size()) {
    std::size_t end = text.find(' ', pos);
    if (end == std::string::npos) end = text.size();
    const std::string word = text.substr(pos, end - pos);
    if (column + 1 + word.size() > width && column > indent.size()) {
      out += '\n' + indent.substr(0, indent.size() - 1);
      column = indent.size() - 1;
    }
    out += " " + word;
    column += 1 + word.size();
    pos = end + 1;
  }
  return out + "\n";
}

std::string Table::render(bool compact) const {
  std::vector<size_t> widths(header_.size(), 0);
  auto measure = [&](const std::vector<std::string>& row) {
    for (size_t i = 0; i < row.size() && i < widths.size(); ++i)
      widths[i] = std::max(widths[i], row[i].size());
  };
  measure(header_);
  for (const auto& row : rows_) measure(row);
  const std::string gap = compact ? " " : "  ";
  auto line = [&](const std::vector<std::string>& row) {
    std::string out;
    for (size_t i = 0; i < widths.size(); ++i) {
      const std::string& cell = i < row.size() ? row[i] : std::string();
      if (i > 0) out += gap;
      out += i == 0 ? fmt::format("{:<{}}", cell, widths[i]) : fmt::format("{:>{}}", cell, widths[i]);
    }
    out.erase(out.find_last_not_of(' ') + 1);
    return out + "\n";
  };
  std::string out = line(header_);
  for (const auto& row : rows_) out += line(row);
  return out;
}

}  // namespace schedlab
