#pragma once
#include <optional>
#include <vector>

#include "core/metric.h"
#include "core/result.h"
#include "runner/copy_group.h"

namespace schedlab {

// Metrics every workload reports about its copies: rusage over each copy's
// usage span — from its first loop boundary in the window to the one at
// which it stopped, which can pass the close by the loop in flight
// (copies[].usage_span_s) — summed over copies (max_rss_kb is the largest),
// start skew and the loop processes' footprint.
const std::vector<MetricSpec>& copy_metrics();

// Adds them for one run.  Rusage is left out when a copy did not exit
// cleanly (it was killed after the window, so its usage is unknown).
void add_copy_metrics(const CopyGroup& group, const Footprint& footprint, MetricValues& values);

// User + system seconds of all copies over their usage spans (as above, not
// the window: foreign_cpu_pct reads the copies' CPU at the window's edges
// instead); nullopt when a copy did not exit cleanly.
std::optional<double> copies_cpu_seconds(const CopyGroup& group);

}  // namespace schedlab
