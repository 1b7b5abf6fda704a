#pragma once
#include <string>
#include <string_view>

namespace schedlab {

// Whether `text` is well-formed UTF-8 (no overlong forms, no surrogates, at
// most U+10FFFF): what JSON may carry.  Result files hold labels, paths and
// command arguments, so text that is not is refused where it is typed.
bool valid_utf8(std::string_view text);

// The number of characters (code points) in `text`, UTF-8: what a
// terminal column count starts from.  A byte that does not start a
// character counts as one.
std::size_t utf8_length(std::string_view text);

// At most `max_chars` characters of `text`, never cutting one in half
// (std::string::substr counts bytes: "aяя".substr(0, 2) is "a" and half
// an "я", which breaks a terminal or a mail).
std::string utf8_prefix(std::string_view text, std::size_t max_chars);

// `text` with every byte outside printable ASCII as \xNN, for messages.
std::string printable(std::string_view text);

}  // namespace schedlab
