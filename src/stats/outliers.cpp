#include "stats/outliers.h"

#include <cmath>

#include "core/descriptive.h"

namespace schedlab::stats {

std::vector<std::size_t> outlier_indices(std::span<const double> xs) {
  std::vector<std::size_t> out;
  if (xs.size() < 3) return out;
  const double med = median(xs);
  std::vector<double> deviations;
  for (double x : xs) deviations.push_back(std::fabs(x - med));
  const double mad = median(deviations);
  if (mad == 0) return out;
  for (std::size_t i = 0; i < xs.size(); ++i)
    if (std::fabs(0.6745 * (xs[i] - med) / mad) > 3.5) out.push_back(i);
  return out;
}

}  // namespace schedlab::stats
