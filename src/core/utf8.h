#pragma once
#include <string>
#include <string_view>

namespace schedlab {

// Whether `text` is well-formed UTF-8 (no overlong forms, no surrogates, at
// most U+10FFFF): what JSON may carry.  Result files hold labels, paths and
// command arguments, so text that is not is refused where it is typed.
bool valid_utf8(std::string_view text);

// `text` with every byte outside printable ASCII as \xNN, for messages.
std::string printable(std::string_view text);

}  // namespace schedlab
