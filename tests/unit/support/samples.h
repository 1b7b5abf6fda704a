#pragma once
// Seeded synthetic samples for the statistical tests.
#include <random>
#include <vector>

namespace schedlab::testing {

inline std::vector<double> normal_sample(std::mt19937_64& rng, double mu, double sigma, int n) {
  std::normal_distribution<double> dist(mu, sigma);
  std::vector<double> xs;
  xs.reserve(static_cast<std::size_t>(n));
  for (int i = 0; i < n; ++i) xs.push_back(dist(rng));
  return xs;
}

}  // namespace schedlab::testing
