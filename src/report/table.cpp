#include "report/table.h"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>

#include "core/utf8.h"

namespace schedlab {

std::string format_number(double value, int width, int decimals) {
  for (int d = decimals; d >= 0; --d) {
    std::string s = fmt::format("{:.{}f}", value, d);
    if (static_cast<int>(s.size()) <= width) return s;
  }
  return fmt::format("{:.{}g}", value, std::max(1, width - 6));
}

std::string human_number(double value) {
  const double a = std::fabs(value);
  if (a >= 1000 || a == 0) return fmt::format("{:.0f}", value);
  if (a >= 100) return fmt::format("{:.1f}", value);
  if (a >= 1) return fmt::format("{:.2f}", value);
  const int decimals = std::min(12, 2 - static_cast<int>(std::floor(std::log10(a))));
  return fmt::format("{:.{}f}", value, decimals);
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

std::vector<std::size_t> Table::widths(std::size_t gap) const {
  std::vector<std::size_t> w(header_.size(), 0);
  auto measure = [&](const std::vector<std::string>& row) {
    for (std::size_t i = 0; i < row.size() && i < w.size(); ++i) w[i] = std::max(w[i], utf8_length(row[i]));
  };
  measure(header_);
  for (const auto& row : rows_) measure(row);
  auto total = [&] {
    std::size_t sum = gap * (w.empty() ? 0 : w.size() - 1);
    for (auto x : w) sum += x;
    return sum;
  };
  while (width_ > 0 && total() > width_) {
    std::size_t* widest = nullptr;
    for (auto c : cuttable_)
      if (c < w.size() && w[c] > 4 && (!widest || w[c] > *widest)) widest = &w[c];
    if (!widest) break;  // nothing left to cut: the numbers keep their width
    --*widest;
  }
  return w;
}

std::string Table::render(bool compact) const {
  const std::string gap = compact ? " " : "  ";
  const auto widths = this->widths(gap.size());
  auto cell_text = [&](const std::string& cell, std::size_t width) {
    if (utf8_length(cell) <= width) return cell;
    return utf8_prefix(cell, width - 1) + "\u2026";
  };
  auto line = [&](const std::vector<std::string>& row) {
    std::string out;
    for (std::size_t i = 0; i < widths.size(); ++i) {
      const std::string cell = cell_text(i < row.size() ? row[i] : std::string(), widths[i]);
      const std::string pad(widths[i] - utf8_length(cell), ' ');
      if (i > 0) out += gap;
      out += i == 0 ? cell + pad : pad + cell;
    }
    out.erase(out.find_last_not_of(' ') + 1);
    return out + "\n";
  };
  std::string out = line(header_);
  for (const auto& row : rows_) out += line(row);
  return out;
}

}  // namespace schedlab
