#include "grid/shell_words.h"

#include <cctype>
#include <cstring>

namespace schedlab::grid {
namespace {

bool is_literal(const std::string& word) {
  if (word.empty()) return false;
  for (char c : word)
    if (!std::isalnum(static_cast<unsigned char>(c)) && !std::strchr("@%+=:,./_-", c)) return false;
  return true;
}

std::string quote(const std::string& word) {
  if (is_literal(word)) return word;
  std::string out = "'";
  for (char c : word) out += c == '\'' ? std::string("'\\''") : std::string(1, c);
  return out + "'";
}

}  // namespace

std::string shell_command_line(const std::vector<std::string>& words) {
  std::string line;
  for (const auto& word : words) line += (line.empty() ? "" : " ") + quote(word);
  return line;
}

}  // namespace schedlab::grid
