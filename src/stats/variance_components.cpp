#include "stats/variance_components.h"

#include <boost/math/distributions/students_t.hpp>
#include <cmath>
#include <stdexcept>

#include "core/descriptive.h"

namespace schedlab::stats {

std::optional<VarianceComponents> estimate_variance_components(const std::vector<std::vector<double>>& sittings) {
  double total = 0, sum_sq_n = 0, within_ss = 0;
  std::vector<std::pair<double, double>> means;  // {n_i, ybar_i}
  for (const auto& s : sittings) {
    if (s.size() < 2) continue;
    const double m = mean(s), n = static_cast<double>(s.size());
    for (double y : s) within_ss += (y - m) * (y - m);
    means.emplace_back(n, m);
    total += n;
    sum_sq_n += n * n;
  }
  const std::size_t k = means.size();
  if (k < kMinSittings) return std::nullopt;
  double grand = 0;
  for (const auto& [n, m] : means) grand += n * m;
  grand /= total;
  double between_ss = 0;
  for (const auto& [n, m] : means) between_ss += n * (m - grand) * (m - grand);
  VarianceComponents vc;
  vc.sittings = k;
  vc.runs = static_cast<std::size_t>(total);
  vc.df_between = static_cast<double>(k - 1);
  vc.df_within = total - static_cast<double>(k);
  vc.within = within_ss / vc.df_within;
  const double msb = between_ss / vc.df_between;
  const double n0 = (total - sum_sq_n / total) / vc.df_between;
  vc.between = std::max(0.0, (msb - vc.within) / n0);
  return vc;
}

SittingTest between_sitting_test(std::span<const double> a, std::span<const double> b,
                                 const VarianceComponents& vc, double alpha) {
  if (a.size() < 2 || b.size() < 2) throw std::invalid_argument("between_sitting_test: needs 2 values a side");
  const double sa = sample_stddev(a), sb = sample_stddev(b);
  const double va = sa * sa / static_cast<double>(a.size()), vb = sb * sb / static_cast<double>(b.size());
  const double vs = 2 * vc.between;
  SittingTest t;
  t.delta = mean(b) - mean(a);
  const double var = va + vb + vs;
  t.se = std::sqrt(var);
  if (t.se == 0) {
    t.p_value = t.delta == 0 ? 1 : 0;
    t.significant = t.delta != 0;
    t.interval = {t.delta, t.delta};
    return t;
  }
  const double denom = va * va / static_cast<double>(a.size() - 1) + vb * vb / static_cast<double>(b.size() - 1) +
                       (vc.df_between > 0 ? vs * vs / vc.df_between : 0);
  t.df = denom > 0 ? var * var / denom : static_cast<double>(a.size() + b.size() - 2);
  t.between_share = vs / var;
  const boost::math::students_t dist(t.df);
  t.p_value = 2 * boost::math::cdf(boost::math::complement(dist, std::fabs(t.delta) / t.se));
  t.significant = t.p_value < alpha;
  const double q = boost::math::quantile(boost::math::complement(dist, alpha / 2));
  t.interval = {t.delta - q * t.se, t.delta + q * t.se};
  return t;
}

}  // namespace schedlab::stats
