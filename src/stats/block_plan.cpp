#include "stats/block_plan.h"

#include <numeric>

#include "stats/random_draws.h"

namespace schedlab::stats {

std::vector<PlannedRun> plan_blocks(int variants, int runs, std::uint64_t seed) {
  std::mt19937_64 rng(seed);
  std::vector<int> order(static_cast<size_t>(variants));
  std::vector<PlannedRun> plan;
  for (int block = 1; block <= runs; ++block) {
    std::iota(order.begin(), order.end(), 0);
    fisher_yates(order, rng);
    for (int v : order) plan.push_back({block, v});
  }
  return plan;
}

}  // namespace schedlab::stats
