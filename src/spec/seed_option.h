#pragma once

#include <cstdint>
#include <limits>
#include <string>

namespace schedlab {

// The value of a --seed option (run, kernels, lava job: each orders its runs
// or boots at random): TEXT as a whole number, or a fresh random seed when
// it is empty (the caller records the seed it used).  Throws UsageError
// naming --seed otherwise.
std::uint64_t parse_seed_option(const std::string& text);

// Every seed is allowed: the range run's --seed declaration states
// (cli/command_option_entries.cpp) and parse_seed_option enforces.
inline constexpr std::uint64_t kSeedMin = 0;
inline constexpr std::uint64_t kSeedMax = std::numeric_limits<std::uint64_t>::max();

}  // namespace schedlab
