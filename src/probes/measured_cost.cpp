#include "probes/measured_cost.h"

#include <map>

namespace schedlab {

double measured_cost_pct(const std::string& name) {
  // bench/probe_cost 10 2 on the 2-vCPU development VM, 2026-11-30, beside
  // other builds (load average 8-10): docs/probes.md holds the table with
  // each figure's interval.  Edge-only probes: their begin() + end() time as
  // a share of a 10 s window.  In-window probes: 1 - the median on/off
  // ratio, the worse of spawn and wakeup; on that machine their intervals
  // were wide enough to hold 0% too, so they stay out of the default until a
  // quieter measurement shows them at <= 1%.
  static const std::map<std::string, double> kMeasured = {
      {"proc-stat", 0.0003}, {"proc-counters", 0.004}, {"psi", 0.0004}, {"schedstat", 0.00002},
      {"perf-sw", 17.3},     {"sched-trace", 6.7},
      // profile at 997 Hz: 10 pairs per workload by hand, 2026-12-02, load
      // average 5-6; spawn's median (wakeup's pairs resolved nothing).
      {"profile", 3.0},
  };
  auto it = kMeasured.find(name);
  return it == kMeasured.end() ? 100.0 : it->second;
}

}  // namespace schedlab
