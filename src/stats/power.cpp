#include "stats/power.h"

#include <boost/math/distributions/non_central_t.hpp>
#include <boost/math/distributions/students_t.hpp>
#include <cmath>

#include "core/descriptive.h"

namespace schedlab::stats {
namespace {

constexpr std::size_t kMostRuns = 100000;

double power_at(double df, double alpha, double delta) {
  const double crit = boost::math::quantile(boost::math::complement(boost::math::students_t(df), alpha / 2));
  const boost::math::non_central_t t(df, delta);
  return boost::math::cdf(boost::math::complement(t, crit)) + boost::math::cdf(t, -crit);
}

double welch_df(double va, double na, double vb, double nb) {
  const double a = va / na, b = vb / nb;
  if (a + b == 0) return na + nb - 2;
  return (a + b) * (a + b) / (a * a / (na - 1) + b * b / (nb - 1));
}

}  // namespace

double detectable_noncentrality(double df, double alpha, double power) {
  double lo = 0, hi = 1;
  while (power_at(df, alpha, hi) < power && hi < 1e6) hi *= 2;
  for (int it = 0; it < 80; ++it) {
    const double mid = (lo + hi) / 2;
    (power_at(df, alpha, mid) < power ? lo : hi) = mid;
  }
  return hi;
}

std::optional<double> mde_welch(std::span<const double> a, std::span<const double> b, double alpha,
                                double power) {
  if (a.size() < 2 || b.size() < 2) return std::nullopt;
  const double na = static_cast<double>(a.size()), nb = static_cast<double>(b.size());
  const double va = sample_stddev(a) * sample_stddev(a), vb = sample_stddev(b) * sample_stddev(b);
  const double se = std::sqrt(va / na + vb / nb);
  if (se == 0) return 0.0;
  return detectable_noncentrality(welch_df(va, na, vb, nb), alpha, power) * se;
}

std::optional<double> mde_paired(std::span<const double> a, std::span<const double> b, double alpha,
                                 double power) {
  if (a.size() != b.size() || a.size() < 2) return std::nullopt;
  std::vector<double> d;
  for (size_t i = 0; i < a.size(); ++i) d.push_back(b[i] - a[i]);
  const double n = static_cast<double>(d.size());
  const double se = sample_stddev(d) / std::sqrt(n);
  if (se == 0) return 0.0;
  return detectable_noncentrality(n - 1, alpha, power) * se;
}

std::size_t runs_needed(double cv_a, double cv_b, double d, double alpha, double power) {
  for (std::size_t n = 2; n <= kMostRuns; n = n < 64 ? n + 1 : n + n / 16) {
    const double nn = static_cast<double>(n);
    const double se = std::sqrt(cv_a * cv_a / nn + cv_b * cv_b / nn);
    const double df = welch_df(cv_a * cv_a, nn, cv_b * cv_b, nn);
    if (se == 0 || d / se >= detectable_noncentrality(df, alpha, power)) return n;
  }
  return kMostRuns;
}

std::size_t pairs_needed(double cv_d, double d, double alpha, double power) {
  for (std::size_t n = 2; n <= kMostRuns; n = n < 64 ? n + 1 : n + n / 16) {
    const double nn = static_cast<double>(n);
    if (cv_d == 0 || d / (cv_d / std::sqrt(nn)) >= detectable_noncentrality(nn - 1, alpha, power)) return n;
  }
  return kMostRuns;
}

}  // namespace schedlab::stats
