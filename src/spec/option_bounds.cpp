#include "spec/option_bounds.h"

#include <fmt/format.h>

#include "core/error.h"
#include "core/whole_number.h"
#include "input/numbers.h"

namespace schedlab {

std::string range_words(const WholeBounds& b) { return fmt::format("{} to {}", b.min, b.max); }

std::string range_words(const RealBounds& b) { return fmt::format("above {} and below {}", b.above, b.below); }

std::string guest_memory_words() {
  return fmt::format("{}M to {}G", kGuestMemoryMibBounds.min, kGuestMemoryMibBounds.max / 1024);
}

std::uint64_t whole_in(const std::string& option, const std::string& text, const WholeBounds& b) {
  if (const auto v = parse_whole_number<std::uint64_t>(text, b.min, b.max)) return *v;
  throw UsageError(option, text, "a whole number from " + range_words(b));
}

double real_in(const std::string& option, const std::string& text, const RealBounds& b, const std::string& what,
               const std::string& example) {
  if (const auto v = input::parse_real(text); v && *v > b.above && *v < b.below) return *v;
  throw UsageError(option, text, fmt::format("{} {}, e.g. {}", what, range_words(b), example));
}

}  // namespace schedlab
