#include "core/error.h"

#include <fmt/format.h>

#include <cstring>

namespace schedlab {

std::string escape_line_breaks(const std::string& text) {
  std::string out;
  out.reserve(text.size());
  for (const char c : text) {
    if (c == '\n' || c == '\r' || c == '\t') out += fmt::format("\\u{:04x}", static_cast<int>(c));
    else out += c;
  }
  return out;
}

SystemError::SystemError(const std::string& action, const std::string& object, int err)
    : Error(ExitStatus::kWorkloadFailed,
            fmt::format("{} '{}' failed: {} (errno {})", action, object, std::strerror(err), err)),
      err_(err) {}

}  // namespace schedlab
