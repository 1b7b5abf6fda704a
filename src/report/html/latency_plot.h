#pragma once
#include <string>
#include <vector>

#include "core/result.h"
#include "report/html/latency_curves.h"

namespace schedlab::html {

// Percentile curves, one per set: latency (µs, log scale) against the
// percentile on a log scale of 1 / (1 - p), so the tail from p90 to p99.99
// gets as much room as the body; dots at p50, p90, p99, p99.9 and p99.99
// carry their values.  `what` names the histogram ("wakeup").  data-points
// counts the points of all curves.
std::string latency_plot(const std::vector<LatencyCurve>& curves, const std::vector<ResultSet>& sets,
                         const std::string& what);

}  // namespace schedlab::html
