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

std::vector<std::size_t> Table::widths() const {
  std::vector<std::size_t> w(header_.size(), 0);
  auto measure = [&](const std::vector<std::string>& row) {
    for (std::size_t i = 0; i < row.size() && i < w.size(); ++i) w[i] = std::max(w[i], utf8_length(row[i]));
  };
  measure(header_);
  for (const auto& row : rows_) measure(row);
  return w;
}

std::vector<bool> Table::kept(const std::vector<std::size_t>& widths, std::size_t gap) const {
  std::vector<bool> keep(widths.size(), true);
  auto total = [&] {
    std::size_t sum = 0, columns = 0;
    for (std::size_t i = 0; i < widths.size(); ++i)
      if (keep[i]) sum += widths[i], ++columns;
    return sum + gap * (columns ? columns - 1 : 0);
  };
  std::vector<std::size_t> dropped;
  for (std::size_t column : drop_order_) {
    if (width_ == 0 || total() <= width_) break;
    if (column < keep.size() && keep[column]) keep[column] = false, dropped.push_back(column);
  }
  // A wide column dropped late can leave room for a narrow one dropped
  // before it: back they come, the most needed first, while they fit.
  for (auto it = dropped.rbegin(); it != dropped.rend(); ++it) {
    keep[*it] = true;
    if (total() > width_) keep[*it] = false;
  }
  return keep;
}

std::string Table::render(bool compact) const {
  const std::string gap = compact ? " " : "  ";
  const auto widths = this->widths();
  const auto keep = kept(widths, gap.size());
  auto line = [&](const std::vector<std::string>& row) {
    std::string out;
    bool first = true;
    for (std::size_t i = 0; i < widths.size(); ++i) {
      if (!keep[i]) continue;
      const std::string cell = i < row.size() ? row[i] : std::string();
      const std::string pad(widths[i] - utf8_length(cell), ' ');
      if (!first) out += gap;
      out += first ? cell + pad : pad + cell;
      first = false;
    }
    out.erase(out.find_last_not_of(' ') + 1);
    return out + "\n";
  };
  std::string out = line(header_);
  for (const auto& row : rows_) out += line(row);
  return out;
}

}  // namespace schedlab
