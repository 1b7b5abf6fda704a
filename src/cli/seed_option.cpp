#include "cli/seed_option.h"

#include <random>

#include "cli/command_options.h"

namespace schedlab {

std::uint64_t parse_seed_option(const std::string& text) {
  if (text.empty()) return std::random_device{}();
  return whole_of(command_option("--seed", "run"), "--seed", text);
}

}  // namespace schedlab
