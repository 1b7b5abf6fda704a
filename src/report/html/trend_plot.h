#pragma once
#include <string>
#include <vector>

#include "store/trend.h"

namespace schedlab::html {

// The stored series of a workload's metric (schedlab trend): one point per
// kernel, commit or set, in the trend's order, joined by a line; each change
// point as a dashed line before its first point, labelled with the change
// and coloured by whether it is better or worse; points whose key is in
// `compared` (the kernels of the report's sets) ringed.  data-points counts
// the points.
std::string trend_plot(const store::Trend& trend, const std::vector<std::string>& compared);

}  // namespace schedlab::html
