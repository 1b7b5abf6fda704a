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

std::uint64_t guest_memory_mib(const std::string& option, const std::string& text) {
  std::string number = text;
  std::uint64_t scale = 1;  // MiB
  if (!number.empty() && (number.back() == 'G' || number.back() == 'g')) {
    scale = 1024;
    number.pop_back();
  } else if (!number.empty() && (number.back() == 'M' || number.back() == 'm')) {
    number.pop_back();
  }
  const auto [min, max] = kGuestMemoryMibBounds;
  const auto n = parse_whole_number<std::uint64_t>(number, 1, max);
  if (!n || *n * scale < min || *n * scale > max)
    throw UsageError(option, text,
                     "a guest size from " + guest_memory_words() + ": 512M, 2G, or MiB as a number (2048)");
  return *n * scale;
}

}  // namespace schedlab
