#include "stats/multiple_testing.h"

#include <algorithm>
#include <numeric>
#include <stdexcept>

namespace schedlab::stats {
namespace {

// The indices of `p`, smallest p first (ties in input order).
std::vector<std::size_t> ascending(std::span<const double> p) {
  for (double v : p)
    if (!(v >= 0 && v <= 1)) throw std::invalid_argument("a p-value must be in [0, 1]");
  std::vector<std::size_t> order(p.size());
  std::iota(order.begin(), order.end(), 0);
  std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) { return p[a] < p[b]; });
  return order;
}

}  // namespace

std::vector<double> benjamini_hochberg(std::span<const double> p) {
  const auto order = ascending(p);
  const double m = static_cast<double>(p.size());
  std::vector<double> adjusted(p.size());
  double running = 1;  // the minimum over the larger p-values, walking down
  for (std::size_t k = p.size(); k-- > 0;) {
    const std::size_t i = order[k];
    running = std::min(running, m * p[i] / static_cast<double>(k + 1));
    adjusted[i] = std::min(1.0, running);
  }
  return adjusted;
}

std::vector<double> holm(std::span<const double> p) {
  const auto order = ascending(p);
  const double m = static_cast<double>(p.size());
  std::vector<double> adjusted(p.size());
  double running = 0;  // the maximum over the smaller p-values, walking up
  for (std::size_t k = 0; k < p.size(); ++k) {
    const std::size_t i = order[k];
    running = std::max(running, std::min(1.0, (m - static_cast<double>(k)) * p[i]));
    adjusted[i] = running;
  }
  return adjusted;
}

}  // namespace schedlab::stats
