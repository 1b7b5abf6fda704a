#include "runner/block_plan.h"

#include <algorithm>
#include <numeric>
#include <random>

namespace schedlab {

std::vector<PlannedRun> plan_blocks(int variants, int runs, std::uint64_t seed) {
  std::mt19937_64 rng(seed);
  std::vector<int> order(static_cast<size_t>(variants));
  std::vector<PlannedRun> plan;
  for (int block = 1; block <= runs; ++block) {
    std::iota(order.begin(), order.end(), 0);
    std::shuffle(order.begin(), order.end(), rng);
    for (int v : order) plan.push_back({block, v});
  }
  return plan;
}

}  // namespace schedlab
