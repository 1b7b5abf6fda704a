#include "stats/mean_interval.h"

#include <boost/math/distributions/students_t.hpp>
#include <cmath>

#include "core/descriptive.h"

namespace schedlab::stats {

std::optional<double> mean_interval_halfwidth(std::span<const double> xs, double confidence) {
  if (xs.size() < 2) return std::nullopt;
  const double n = static_cast<double>(xs.size());
  const double q = boost::math::quantile(
      boost::math::complement(boost::math::students_t(n - 1), (1 - confidence) / 2));
  return q * sample_stddev(xs) / std::sqrt(n);
}

}  // namespace schedlab::stats
