#pragma once
// Random draws that are the same on every standard library: mt19937_64's
// sequence is fixed by the standard, but std::uniform_int_distribution's
// and std::shuffle's use of it are not, and a seeded plan or resample must
// give the same result everywhere (a recorded --seed, a golden test).
#include <cstdint>
#include <random>
#include <vector>

namespace schedlab::stats {

// A uniform integer in [0, bound) (bound > 0), by rejection: unbiased.
std::uint64_t uniform_below(std::mt19937_64& rng, std::uint64_t bound);

// Fisher-Yates, written out.
template <typename T>
void fisher_yates(std::vector<T>& v, std::mt19937_64& rng) {
  for (std::size_t i = v.size(); i > 1; --i) std::swap(v[i - 1], v[uniform_below(rng, i)]);
}

}  // namespace schedlab::stats
