#include "spec/seed_option.h"

#include <fmt/format.h>

#include <random>

#include "core/error.h"
#include "core/whole_number.h"

namespace schedlab {

std::uint64_t parse_seed_option(const std::string& text) {
  if (text.empty()) return std::random_device{}();
  if (const auto seed = parse_whole_number<std::uint64_t>(text, kSeedMin, kSeedMax)) return *seed;
  throw UsageError("--seed", text, fmt::format("a whole number from {} to {}", kSeedMin, kSeedMax));
}

}  // namespace schedlab
