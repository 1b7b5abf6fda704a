#include "input/numbers.h"

#include <cmath>
#include <cstdlib>


namespace schedlab::input {
namespace {

// strtod's number at the start of `text` and how many characters it took.
std::optional<double> leading(std::string_view text, std::size_t& used) {
  const std::string copy(text);  // strtod needs the terminating NUL
  char* end = nullptr;
  const double v = std::strtod(copy.c_str(), &end);
  used = static_cast<std::size_t>(end - copy.c_str());
  if (used == 0 || !std::isfinite(v)) return std::nullopt;
  return v;
}

}  // namespace

std::optional<double> parse_real(std::string_view text) {
  std::size_t used = 0;
  const auto v = leading(text, used);
  if (!v || used != text.size() || std::isspace(static_cast<unsigned char>(text.front()))) return std::nullopt;
  return v;
}

std::optional<double> parse_leading_real(std::string_view text) {
  std::size_t used = 0;
  return leading(text, used);
}

}  // namespace schedlab::input
