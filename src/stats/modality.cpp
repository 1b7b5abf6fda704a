#include "stats/modality.h"

#include <boost/math/distributions/normal.hpp>
#include <algorithm>
#include <cmath>
#include <random>
#include <vector>

namespace schedlab::stats {
namespace {

constexpr std::size_t kMinGroup = 2;

// The best split of sorted values: the largest BSS / WSS, with its groups.
ModesTest best_split(const std::vector<double>& sorted) {
  const std::size_t n = sorted.size();
  std::vector<double> prefix(n + 1, 0), prefix_sq(n + 1, 0);
  for (std::size_t i = 0; i < n; ++i) {
    prefix[i + 1] = prefix[i] + sorted[i];
    prefix_sq[i + 1] = prefix_sq[i] + sorted[i] * sorted[i];
  }
  const double total_ss = prefix_sq[n] - prefix[n] * prefix[n] / static_cast<double>(n);
  ModesTest best;
  best.available = true;
  best.statistic = -1;
  for (std::size_t k = kMinGroup; k + kMinGroup <= n; ++k) {  // lower group: the first k values
    const double nl = static_cast<double>(k), nh = static_cast<double>(n - k);
    const double ml = prefix[k] / nl, mh = (prefix[n] - prefix[k]) / nh;
    const double ssl = prefix_sq[k] - nl * ml * ml, ssh = prefix_sq[n] - prefix_sq[k] - nh * mh * mh;
    const double within = std::max(ssl + ssh, 0.0), between = std::max(total_ss - within, 0.0);
    const double ratio = within > 0 ? between / within : (between > 0 ? INFINITY : 0);
    if (ratio <= best.statistic) continue;
    best.statistic = ratio;
    best.low_n = k;
    best.high_n = n - k;
    best.low_mean = ml;
    best.high_mean = mh;
    best.low_var = std::max(ssl, 0.0) / (nl - 1);
    best.high_var = std::max(ssh, 0.0) / (nh - 1);
  }
  return best;
}

// P(max-split ratio >= observed) for normal samples of size n.
double simulated_p(std::size_t n, double observed, int simulations) {
  std::mt19937_64 rng(19691201);  // fixed: the same values get the same p
  std::normal_distribution<double> normal;
  std::vector<double> xs(n);
  int at_least = 0;
  for (int s = 0; s < simulations; ++s) {
    for (auto& x : xs) x = normal(rng);
    std::sort(xs.begin(), xs.end());
    at_least += best_split(xs).statistic >= observed;
  }
  return (1.0 + at_least) / (1.0 + simulations);
}

// P(S >= s) for n values without ties: S = n(n-1)/2 - 2 I, I the number of
// inversions of a uniformly random permutation (Mahonian distribution).
double exact_upper_tail(std::size_t n, double s) {
  const std::size_t max_inv = n * (n - 1) / 2;
  std::vector<double> count(max_inv + 1, 0);
  count[0] = 1;
  for (std::size_t m = 2; m <= n; ++m) {  // insert element m: adds 0..m-1 inversions
    std::vector<double> next(max_inv + 1, 0);
    for (std::size_t i = 0; i <= max_inv; ++i) {
      if (count[i] == 0) continue;
      for (std::size_t add = 0; add < m && i + add <= max_inv; ++add) next[i + add] += count[i];
    }
    count.swap(next);
  }
  double total = 0, tail = 0;
  for (std::size_t i = 0; i <= max_inv; ++i) {
    total += count[i];
    if (static_cast<double>(max_inv) - 2.0 * static_cast<double>(i) >= s - 1e-9) tail += count[i];
  }
  return tail / total;
}

}  // namespace

ModesTest two_modes_test(std::span<const double> values, int simulations) {
  if (values.size() < 2 * kMinGroup) return {};
  std::vector<double> sorted(values.begin(), values.end());
  std::sort(sorted.begin(), sorted.end());
  ModesTest t = best_split(sorted);
  if (sorted.front() == sorted.back()) {  // constant: one mode
    t.statistic = 0;
    t.p_value = 1;
    return t;
  }
  t.p_value = simulated_p(sorted.size(), t.statistic, simulations);
  return t;
}

TrendTest mann_kendall(std::span<const double> values) {
  const std::size_t n = values.size();
  TrendTest t;
  if (n < 4) return t;
  t.available = true;
  for (std::size_t i = 0; i < n; ++i)
    for (std::size_t j = i + 1; j < n; ++j) t.s += (values[j] > values[i]) - (values[j] < values[i]);
  t.tau = t.s / (static_cast<double>(n) * static_cast<double>(n - 1) / 2);
  std::vector<double> sorted(values.begin(), values.end());
  std::sort(sorted.begin(), sorted.end());
  double ties = 0;  // sum over tied groups of t (t - 1) (2t + 5)
  bool tied = false;
  for (std::size_t i = 0; i < n;) {
    std::size_t j = i;
    while (j < n && sorted[j] == sorted[i]) ++j;
    const double g = static_cast<double>(j - i);
    tied |= g > 1;
    ties += g * (g - 1) * (2 * g + 5);
    i = j;
  }
  if (!tied && n <= 60) {
    t.p_value = std::min(1.0, 2 * exact_upper_tail(n, std::fabs(t.s)));
    return t;
  }
  const double nn = static_cast<double>(n);
  const double var = (nn * (nn - 1) * (2 * nn + 5) - ties) / 18;
  if (var <= 0) return t;
  const double z = (std::fabs(t.s) - 1) / std::sqrt(var);
  t.p_value = std::min(1.0, 2 * boost::math::cdf(boost::math::complement(boost::math::normal(), std::max(z, 0.0))));
  return t;
}

}  // namespace schedlab::stats
