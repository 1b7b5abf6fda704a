#pragma once
#include <cstdint>
#include <vector>

namespace schedlab::stats {

// One run of an experiment: which block, which variant.
struct PlannedRun {
  int block = 0;    // 1-based
  int variant = 0;  // 0-based index into the variants
  bool operator==(const PlannedRun&) const = default;
};

// Randomized complete blocks: `runs` blocks, each running every one of
// `variants` once in a fresh random order drawn from `seed` (std::mt19937_64
// and our own Fisher–Yates), so slow drift hits every variant alike and the
// same seed gives the same order on every standard library.  With one
// variant: 1, 2, ... runs.
std::vector<PlannedRun> plan_blocks(int variants, int runs, std::uint64_t seed);

}  // namespace schedlab::stats
