#include "core/utf8.h"

#include <fmt/format.h>

namespace schedlab {

bool valid_utf8(std::string_view text) {
  for (size_t i = 0; i < text.size();) {
    const auto c = static_cast<unsigned char>(text[i]);
    int more = 0;
    char32_t cp = 0;
    if (c < 0x80) more = 0, cp = c;
    else if ((c & 0xE0) == 0xC0) more = 1, cp = c & 0x1F;
    else if ((c & 0xF0) == 0xE0) more = 2, cp = c & 0x0F;
    else if ((c & 0xF8) == 0xF0) more = 3, cp = c & 0x07;
    else return false;
    if (i + static_cast<size_t>(more) >= text.size()) return false;  // truncated sequence
    for (int k = 1; k <= more; ++k) {
      const auto d = static_cast<unsigned char>(text[i + static_cast<size_t>(k)]);
      if ((d & 0xC0) != 0x80) return false;
      cp = (cp << 6) | (d & 0x3F);
    }
    static constexpr char32_t kMin[] = {0, 0x80, 0x800, 0x10000};
    if (cp < kMin[more] || cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF)) return false;
    i += static_cast<size_t>(more) + 1;
  }
  return true;
}

namespace {

// Whether `c` continues a character (10xxxxxx) rather than starting one.
bool continuation(char c) { return (static_cast<unsigned char>(c) & 0xC0) == 0x80; }

}  // namespace

std::size_t utf8_length(std::string_view text) {
  std::size_t n = 0;
  for (char c : text) n += !continuation(c);
  return n;
}

std::string utf8_prefix(std::string_view text, std::size_t max_chars) {
  std::size_t chars = 0, end = 0;
  for (; end < text.size(); ++end) {
    if (!continuation(text[end]) && chars++ == max_chars) break;
  }
  return std::string(text.substr(0, end));
}

std::string printable(std::string_view text) {
  std::string out;
  for (char ch : text) {
    const auto c = static_cast<unsigned char>(ch);
    out += c >= 0x20 && c < 0x7F ? std::string(1, ch) : fmt::format("\\x{:02x}", c);
  }
  return out;
}

}  // namespace schedlab
