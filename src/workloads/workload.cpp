#include "workloads/workload.h"

#include <numeric>

namespace schedlab {

std::uint64_t total_loops(const WindowOutcome& outcome) {
  return std::accumulate(outcome.loops.begin(), outcome.loops.end(), std::uint64_t{0});
}

void derive_loops_per_second(const WindowOutcome& outcome, MetricValues& values) {
  const auto total = total_loops(outcome);
  values.set("lps", outcome.window_s > 0 ? static_cast<double>(total) / outcome.window_s : 0);
  values.set("loops", static_cast<double>(total));
}

MetricSpec lps_metric(const std::string& what) {
  return {"lps", "loops/s", Better::kHigher, what + " completed per second, summed over copies"};
}

MetricSpec loops_metric() {
  return {"loops", "count", Better::kHigher, "loops completed inside the window, all copies"};
}

}  // namespace schedlab
