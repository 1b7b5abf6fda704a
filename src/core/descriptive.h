// Descriptive statistics over raw per-run values.
//
// stddev is the sample standard deviation (n - 1 denominator), as mmtests,
// google/benchmark and hyperfine report it; the median of an even count is
// the mean of the two middle values.
#pragma once
#include <span>

#include "core/result.h"

namespace schedlab::stats {

// Summary of `xs`; n = 0 and zeros for an empty span; stddev 0 when n < 2.
Summary summarize(std::span<const double> xs);

double mean(std::span<const double> xs);
double median(std::span<const double> xs);
double sample_stddev(std::span<const double> xs);

}  // namespace schedlab::stats
