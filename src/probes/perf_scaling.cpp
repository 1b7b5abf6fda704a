#include "probes/perf_scaling.h"

#include <algorithm>

namespace schedlab {

std::optional<ScaledCounts> scale_per_group(const std::vector<sys::PerfGroupReading>& before,
                                            const std::vector<sys::PerfGroupReading>& after) {
  ScaledCounts out;
  bool counted = false;
  for (size_t g = 0; g < std::min(before.size(), after.size()); ++g) {
    const auto& b = before[g];
    const auto& a = after[g];
    out.counts.resize(std::max(out.counts.size(), a.values.size()), 0);
    const double enabled = static_cast<double>(a.enabled_ns - b.enabled_ns);
    const double running = static_cast<double>(a.running_ns - b.running_ns);
    if (running <= 0) {
      out.never_ran += enabled > 0;  // an exited task's group is enabled no longer: nothing to add
      continue;
    }
    counted = true;
    const double ratio = enabled / running;
    out.max_ratio = std::max(out.max_ratio, ratio);
    for (size_t i = 0; i < a.values.size() && i < b.values.size(); ++i)
      out.counts[i] += static_cast<double>(a.values[i] - b.values[i]) * ratio;
  }
  if (!counted) return std::nullopt;
  return out;
}

}  // namespace schedlab
