#pragma once
#include <charconv>
#include <optional>
#include <string_view>

namespace schedlab {

// `text` as a whole number in [min, max]: all of it, no sign games, no
// junk ("12abc", "", "1.5" and out-of-range values give nullopt).  The one
// parser behind every integer option; callers word their own errors.
template <typename T>
std::optional<T> parse_whole_number(std::string_view text, T min, T max) {
  T value{};
  const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (text.empty() || ec != std::errc() || end != text.data() + text.size() || value < min ||
      value > max)
    return std::nullopt;
  return value;
}

}  // namespace schedlab
