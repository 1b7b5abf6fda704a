#include "stats/block_plan.h"

#include <numeric>
#include <random>

namespace schedlab::stats {
namespace {

// A uniform integer in [0, bound) by rejection: unbiased, and unlike
// std::uniform_int_distribution its output is the same on every standard
// library (mt19937_64's sequence is fixed by the standard).
std::uint64_t below(std::mt19937_64& rng, std::uint64_t bound) {
  const std::uint64_t limit = -bound % bound;  // 2^64 mod bound: the biased low values
  for (;;) {
    const std::uint64_t r = rng();
    if (r >= limit) return r % bound;
  }
}

// Fisher-Yates, written out: std::shuffle's output is library-specific, and
// a recorded --seed must give the same order everywhere.
void shuffle(std::vector<int>& v, std::mt19937_64& rng) {
  for (size_t i = v.size(); i > 1; --i) std::swap(v[i - 1], v[below(rng, i)]);
}

}  // namespace

std::vector<PlannedRun> plan_blocks(int variants, int runs, std::uint64_t seed) {
  std::mt19937_64 rng(seed);
  std::vector<int> order(static_cast<size_t>(variants));
  std::vector<PlannedRun> plan;
  for (int block = 1; block <= runs; ++block) {
    std::iota(order.begin(), order.end(), 0);
    shuffle(order, rng);
    for (int v : order) plan.push_back({block, v});
  }
  return plan;
}

}  // namespace schedlab::stats
