#pragma once

#include <cstdint>
#include <string>

namespace schedlab {

// The value of a --seed option (run, kernels, lava job: each orders its runs
// or boots at random): TEXT as a whole number, or a fresh random seed when
// it is empty (the caller records the seed it used).  Throws UsageError
// naming --seed otherwise.
std::uint64_t parse_seed_option(const std::string& text);

}  // namespace schedlab
