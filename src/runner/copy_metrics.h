#pragma once
#include <optional>
#include <vector>

#include "core/metric.h"
#include "core/result.h"
#include "runner/copy_group.h"

namespace schedlab {

// Metrics every workload reports about its copies: rusage over the window
// (summed over copies; max_rss_kb is the largest), start skew and the loop
// processes' footprint.
const std::vector<MetricSpec>& copy_metrics();

// Adds them for one run.  Rusage is left out when a copy did not exit
// cleanly (it was killed after the window, so its usage is unknown).
void add_copy_metrics(const CopyGroup& group, const Footprint& footprint, MetricValues& values);

// User + system seconds of all copies over the window; nullopt when a copy
// did not exit cleanly.
std::optional<double> copies_cpu_seconds(const CopyGroup& group);

}  // namespace schedlab
