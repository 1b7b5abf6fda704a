// Software perf counters on the copies' task trees: what each loop costs
// the scheduler (switches, migrations), the memory manager (faults) and
// the CPU (task clock), the copies' children and exec'd programs included.
#include <linux/perf_event.h>

#include "probes/perf_counters.h"

namespace schedlab {
namespace {

std::vector<PerfMetric> sw_metrics() {
  return {
      {{PERF_TYPE_SOFTWARE, PERF_COUNT_SW_CONTEXT_SWITCHES}, "context_switches", "count", 1,
       "context switches of the copies' tasks (perf)"},
      {{PERF_TYPE_SOFTWARE, PERF_COUNT_SW_CPU_MIGRATIONS}, "cpu_migrations", "count", 1,
       "moves of the copies' tasks to another CPU (perf)"},
      {{PERF_TYPE_SOFTWARE, PERF_COUNT_SW_PAGE_FAULTS}, "page_faults", "count", 1,
       "page faults of the copies' tasks (perf)"},
      {{PERF_TYPE_SOFTWARE, PERF_COUNT_SW_TASK_CLOCK}, "task_clock_ms", "ms", 1e-6,
       "CPU time of the copies' tasks (perf task clock)"},
  };
}

}  // namespace

std::unique_ptr<Probe> make_perf_sw_probe() {
  const auto metrics = sw_metrics();
  ProbeInfo info{"perf-sw", "context switches, CPU migrations, page faults and task clock of the copies",
                 "perf_event_open with kernel-side counting: root, CAP_PERFMON or "
                 "kernel.perf_event_paranoid <= 1", perf_metric_specs(metrics), true, {}, {"CONFIG_PERF_EVENTS"}};
  return make_perf_counters_probe(std::move(info), metrics);
}

}  // namespace schedlab
