#include "stats/significance.h"

#include <algorithm>
#include <boost/math/distributions/normal.hpp>
#include <boost/math/distributions/students_t.hpp>
#include <cmath>
#include <numeric>
#include <vector>

#include "core/descriptive.h"

namespace schedlab::stats {
namespace {

constexpr double kZ975 = 1.959963984540054;  // mmtests' qnorm(0.975)

TestResult not_available(const std::string& why) {
  TestResult r;
  r.why_not = why;
  return r;
}

double two_sided_t(double t, double df) {
  boost::math::students_t dist(df);
  return 2 * boost::math::cdf(boost::math::complement(dist, std::fabs(t)));
}

// Ranks (1-based, ties averaged) of the pooled values; also Σ(t^3 - t) over ties.
std::vector<double> pooled_ranks(const std::vector<double>& pooled, double& tie_term) {
  std::vector<size_t> order(pooled.size());
  std::iota(order.begin(), order.end(), 0);
  std::sort(order.begin(), order.end(), [&](size_t i, size_t j) { return pooled[i] < pooled[j]; });
  std::vector<double> ranks(pooled.size());
  tie_term = 0;
  for (size_t i = 0; i < order.size();) {
    size_t j = i;
    while (j + 1 < order.size() && pooled[order[j + 1]] == pooled[order[i]]) ++j;
    const double rank = (static_cast<double>(i + j) + 2) / 2;
    for (size_t k = i; k <= j; ++k) ranks[order[k]] = rank;
    const double t = static_cast<double>(j - i + 1);
    tie_term += t * t * t - t;
    i = j + 1;
  }
  return ranks;
}

// P(U >= u) under H0 for sample sizes m, n (no ties): counts of rank
// arrangements by the recursion c(u; m, n) = c(u - n; m - 1, n) + c(u; m, n - 1).
double exact_upper_tail(int m, int n, int u) {
  const int max_u = m * n;
  // counts[i][j][k]: arrangements of i and j values with U = k; small sizes only.
  std::vector<std::vector<std::vector<double>>> c(
      m + 1, std::vector<std::vector<double>>(n + 1, std::vector<double>(max_u + 1, 0)));
  for (int i = 0; i <= m; ++i)
    for (int j = 0; j <= n; ++j) {
      if (i == 0 || j == 0) {
        c[i][j][0] = 1;
        continue;
      }
      for (int k = 0; k <= i * j; ++k)
        c[i][j][k] = (k >= j ? c[i - 1][j][k - j] : 0) + c[i][j - 1][k];
    }
  double total = 0, tail = 0;
  for (int k = 0; k <= max_u; ++k) {
    total += c[m][n][k];
    if (k >= u) tail += c[m][n][k];
  }
  return tail / total;
}

}  // namespace

const char* to_string(TestKind kind) {
  switch (kind) {
    case TestKind::kMannWhitney: return "mwu";
    case TestKind::kOverlap: return "overlap";
    case TestKind::kPairedT: return "paired-t";
    case TestKind::kWelch: break;
  }
  return "welch";
}

TestResult welch_t_test(std::span<const double> a, std::span<const double> b, double alpha) {
  if (a.size() < 2 || b.size() < 2) return not_available("needs at least 2 runs in each set");
  const double va = sample_stddev(a) * sample_stddev(a) / static_cast<double>(a.size());
  const double vb = sample_stddev(b) * sample_stddev(b) / static_cast<double>(b.size());
  TestResult r;
  r.available = true;
  const double diff = mean(b) - mean(a);
  if (va + vb == 0) {  // no spread at all: any difference is certain, none is not
    r.p_value = diff == 0 ? 1 : 0;
    r.significant = diff != 0;
    return r;
  }
  r.statistic = diff / std::sqrt(va + vb);
  r.df = (va + vb) * (va + vb) /
         (va * va / static_cast<double>(a.size() - 1) + vb * vb / static_cast<double>(b.size() - 1));
  r.p_value = two_sided_t(r.statistic, r.df);
  r.significant = *r.p_value < alpha;
  return r;
}

TestResult mann_whitney_u(std::span<const double> a, std::span<const double> b, double alpha) {
  if (a.size() < 2 || b.size() < 2) return not_available("needs at least 2 runs in each set");
  std::vector<double> pooled(a.begin(), a.end());
  pooled.insert(pooled.end(), b.begin(), b.end());
  double tie_term = 0;
  const auto ranks = pooled_ranks(pooled, tie_term);
  const double n1 = static_cast<double>(a.size()), n2 = static_cast<double>(b.size());
  const double r1 = std::accumulate(ranks.begin(), ranks.begin() + static_cast<long>(a.size()), 0.0);
  const double u1 = r1 - n1 * (n1 + 1) / 2, u2 = n1 * n2 - u1;
  const double u = std::max(u1, u2);
  TestResult r;
  r.available = true;
  r.statistic = u1;
  if (tie_term == 0 && (a.size() <= 8 || b.size() <= 8) && a.size() <= 8 && b.size() <= 8) {
    const int na = static_cast<int>(a.size()), nb = static_cast<int>(b.size());
    r.p_value = 2 * exact_upper_tail(na, nb, static_cast<int>(std::lround(u)));
    r.min_p = std::min(1.0, 2 * exact_upper_tail(na, nb, na * nb));  // every run of one side beyond the other
  } else {
    const double n = n1 + n2;
    const double sigma = std::sqrt(n1 * n2 / 12 * ((n + 1) - tie_term / (n * (n - 1))));
    const double z = sigma > 0 ? (u - n1 * n2 / 2 - 0.5) / sigma : 0;
    r.p_value = 2 * boost::math::cdf(boost::math::complement(boost::math::normal(), z));
  }
  r.p_value = std::clamp(*r.p_value, 0.0, 1.0);
  r.significant = *r.p_value < alpha;
  return r;
}

TestResult overlap_test(std::span<const double> a, std::span<const double> b) {
  if (a.size() < 2 || b.size() < 2) return not_available("needs at least 2 runs in each set");
  TestResult r;
  r.available = true;
  const double half = kZ975 * (sample_stddev(a) + sample_stddev(b));
  const double diff = std::fabs(mean(b) - mean(a));
  r.statistic = half > 0 ? diff / half : diff;
  r.significant = r.statistic > 1;
  return r;
}

TestResult paired_t_test(std::span<const double> a, std::span<const double> b, double alpha) {
  if (a.size() != b.size()) return not_available("paired runs need the same number of blocks");
  if (a.size() < 2) return not_available("needs at least 2 paired runs");
  std::vector<double> d;
  for (size_t i = 0; i < a.size(); ++i) d.push_back(b[i] - a[i]);
  TestResult r;
  r.available = true;
  const double sd = sample_stddev(d), n = static_cast<double>(d.size());
  if (sd == 0) {
    r.p_value = mean(d) == 0 ? 1 : 0;
    r.significant = mean(d) != 0;
    return r;
  }
  r.statistic = mean(d) / (sd / std::sqrt(n));
  r.df = n - 1;
  r.p_value = two_sided_t(r.statistic, r.df);
  r.significant = *r.p_value < alpha;
  return r;
}

TestResult run_test(TestKind kind, std::span<const double> a, std::span<const double> b, double alpha) {
  switch (kind) {
    case TestKind::kMannWhitney: return mann_whitney_u(a, b, alpha);
    case TestKind::kOverlap: return overlap_test(a, b);
    case TestKind::kPairedT: return paired_t_test(a, b, alpha);
    case TestKind::kWelch: break;
  }
  return welch_t_test(a, b, alpha);
}

Interval welch_difference_interval(std::span<const double> a, std::span<const double> b,
                                   double confidence) {
  const double diff = mean(b) - mean(a);
  if (a.size() < 2 || b.size() < 2) return {diff, diff};
  const double va = sample_stddev(a) * sample_stddev(a) / static_cast<double>(a.size());
  const double vb = sample_stddev(b) * sample_stddev(b) / static_cast<double>(b.size());
  if (va + vb == 0) return {diff, diff};
  const double df = (va + vb) * (va + vb) /
                    (va * va / static_cast<double>(a.size() - 1) + vb * vb / static_cast<double>(b.size() - 1));
  const double q = boost::math::quantile(boost::math::complement(boost::math::students_t(df),
                                                                 (1 - confidence) / 2));
  const double half = q * std::sqrt(va + vb);
  return {diff - half, diff + half};
}

Interval paired_difference_interval(std::span<const double> a, std::span<const double> b,
                                    double confidence) {
  std::vector<double> d;
  for (size_t i = 0; i < a.size() && i < b.size(); ++i) d.push_back(b[i] - a[i]);
  const double m = mean(d);
  if (d.size() < 2 || sample_stddev(d) == 0) return {m, m};
  const double n = static_cast<double>(d.size());
  const double q = boost::math::quantile(boost::math::complement(boost::math::students_t(n - 1),
                                                                 (1 - confidence) / 2));
  const double half = q * sample_stddev(d) / std::sqrt(n);
  return {m - half, m + half};
}

double hedges_g(std::span<const double> a, std::span<const double> b) {
  if (a.size() < 2 || b.size() < 2) return 0;
  const double na = static_cast<double>(a.size()), nb = static_cast<double>(b.size());
  const double sa = sample_stddev(a), sb = sample_stddev(b);
  const double pooled = std::sqrt(((na - 1) * sa * sa + (nb - 1) * sb * sb) / (na + nb - 2));
  if (pooled == 0) return 0;
  const double correction = 1 - 3 / (4 * (na + nb) - 9);
  return (mean(b) - mean(a)) / pooled * correction;
}

}  // namespace schedlab::stats
