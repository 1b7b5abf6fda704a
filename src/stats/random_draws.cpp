#include "stats/random_draws.h"

namespace schedlab::stats {

std::uint64_t uniform_below(std::mt19937_64& rng, std::uint64_t bound) {
  const std::uint64_t limit = -bound % bound;  // 2^64 mod bound: the biased low values
  for (;;) {
    const std::uint64_t r = rng();
    if (r >= limit) return r % bound;
  }
}

}  // namespace schedlab::stats
