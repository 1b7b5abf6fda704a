// Outlier runs by the modified z-score of Iglewicz and Hoaglin (1993),
// "How to Detect and Handle Outliers": z = 0.6745 (x - median) / MAD, an
// outlier when |z| > 3.5.  hyperfine warns with the same statistic.  When
// MAD is 0 nothing is called an outlier (the runs agree).
#pragma once
#include <cstddef>
#include <span>
#include <vector>

namespace schedlab::stats {

// Indices of the outlying values (at least 3 values needed).
std::vector<std::size_t> outlier_indices(std::span<const double> xs);

}  // namespace schedlab::stats
