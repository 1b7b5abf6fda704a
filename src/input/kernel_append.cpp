#include "input/kernel_append.h"

#include <fmt/format.h>

#include <algorithm>
#include <sstream>

#include "core/utf8.h"
#include "input/input_error.h"

namespace schedlab::input {
namespace {

bool printable_ascii(const std::string& text) {
  return std::all_of(text.begin(), text.end(), [](char c) { return c >= 0x20 && c <= 0x7e; });
}

// The first word that would take the guest from schedlab's /init, or "".
std::string hijacking_word(const std::string& text) {
  std::istringstream words(text);
  for (std::string w; words >> w;)
    if (w == "--" || w.rfind("init=", 0) == 0 || w.rfind("rdinit=", 0) == 0) return w;
  return "";
}

}  // namespace

void check_kernel_append(const std::string& where, const std::string& text) {
  const auto refuse = [&](const std::string& allowed) {
    return InputError(fmt::format("{} '{}'", where, printable(text.substr(0, 80))), "expected " + allowed);
  };
  if (text.size() > kMaxAppendBytes)
    throw refuse(fmt::format("at most {} bytes of kernel parameters (this is {})", kMaxAppendBytes, text.size()));
  if (!printable_ascii(text))
    throw refuse("kernel parameters in printable ASCII (no control characters or line breaks)");
  if (const auto word = hijacking_word(text); !word.empty())
    throw refuse(fmt::format("kernel parameters that leave /init to schedlab ('{}' would not)", word));
}

}  // namespace schedlab::input
