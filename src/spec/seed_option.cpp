#include "spec/seed_option.h"

#include <random>

#include "core/error.h"
#include "core/whole_number.h"

namespace schedlab {

std::uint64_t parse_seed_option(const std::string& text) {
  if (text.empty()) return std::random_device{}();
  if (auto seed = parse_whole_number<std::uint64_t>(text, 0, UINT64_MAX)) return *seed;
  throw UsageError("--seed", text, "a whole number from 0 to 18446744073709551615");
}

}  // namespace schedlab
