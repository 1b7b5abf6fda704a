#pragma once
#include <cstddef>
#include <string>
#include <string_view>

namespace schedlab {

// The terminal width everything schedlab prints for people fits.
inline constexpr std::size_t kTextWidth = 80;

// `text` broken at spaces into lines of at most `width` characters, the
// first starting with `first`, the others with `rest` (both counted in the
// width); a word longer than a line gets a line of its own. Newlines in
// `text` are kept as paragraph breaks. No trailing newline.
std::string wrap(std::string_view text, std::size_t width, std::string_view first = "",
                 std::string_view rest = "");

}  // namespace schedlab
