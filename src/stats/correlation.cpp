#include "stats/correlation.h"

#include <boost/math/distributions/students_t.hpp>
#include <algorithm>
#include <cmath>
#include <stdexcept>

namespace schedlab::stats {

Correlation pearson(std::span<const double> x, std::span<const double> y) {
  if (x.size() != y.size()) throw std::invalid_argument("pearson: the two samples differ in length");
  Correlation c;
  c.n = x.size();
  if (c.n < 3) return c;
  double mx = 0, my = 0;
  for (std::size_t i = 0; i < c.n; ++i) {
    mx += x[i];
    my += y[i];
  }
  mx /= static_cast<double>(c.n);
  my /= static_cast<double>(c.n);
  double sxy = 0, sxx = 0, syy = 0;
  for (std::size_t i = 0; i < c.n; ++i) {
    sxy += (x[i] - mx) * (y[i] - my);
    sxx += (x[i] - mx) * (x[i] - mx);
    syy += (y[i] - my) * (y[i] - my);
  }
  if (sxx == 0 || syy == 0) return c;
  c.r = std::clamp(sxy / std::sqrt(sxx * syy), -1.0, 1.0);
  const double df = static_cast<double>(c.n - 2);
  if (std::fabs(c.r) >= 1) {
    c.p_value = 0;
    return c;
  }
  const double t = c.r * std::sqrt(df) / std::sqrt(1 - c.r * c.r);
  c.p_value = 2 * boost::math::cdf(boost::math::complement(boost::math::students_t(df), std::fabs(t)));
  return c;
}

}  // namespace schedlab::stats
