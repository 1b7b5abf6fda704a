// Hardware perf counters on the copies' task trees, where a PMU is there
// to count them (most VMs have none: the probe then says so).  Multiplexed
// counts are scaled by enabled/running time and the factor recorded.
#include <linux/perf_event.h>

#include "probes/perf_counters.h"

namespace schedlab {
namespace {

std::vector<PerfMetric> hw_metrics() {
  return {
      {{PERF_TYPE_HARDWARE, PERF_COUNT_HW_CPU_CYCLES}, "cycles", "count", 1, "CPU cycles of the copies' tasks"},
      {{PERF_TYPE_HARDWARE, PERF_COUNT_HW_INSTRUCTIONS}, "instructions", "count", 1,
       "instructions retired by the copies' tasks"},
      {{PERF_TYPE_HARDWARE, PERF_COUNT_HW_CACHE_MISSES}, "cache_misses", "count", 1,
       "last-level cache misses of the copies' tasks"},
      {{PERF_TYPE_HARDWARE, PERF_COUNT_HW_BRANCH_MISSES}, "branch_misses", "count", 1,
       "mispredicted branches of the copies' tasks"},
  };
}

}  // namespace

std::unique_ptr<Probe> make_perf_hw_probe() {
  const auto metrics = hw_metrics();
  ProbeInfo info{"perf-hw", "cycles, instructions, cache and branch misses of the copies",
                 "a hardware PMU (a cpu entry in /sys/bus/event_source/devices), and the perf-sw "
                 "privileges", perf_metric_specs(metrics), true, {}, {"CONFIG_PERF_EVENTS"}};
  return make_perf_counters_probe(std::move(info), metrics);
}

}  // namespace schedlab
