#include "runner/run_spec.h"

#include "core/duration.h"

namespace schedlab {

void write_run_spec(const RunSpec& spec, ResultSet& set) {
  set.workload.name = spec.workload->info().name;
  // Output-only options (schbench's -j FILE) are not part of the spec.
  set.workload.params = spec.params;
  for (const auto& p : spec.workload->info().params)
    if (!in_spec(p)) set.workload.params.erase(p.name);
  set.workload.primary_metric = spec.workload->info().primary_metric;
  ordered_json& r = set.scenario.requested = requested_json(spec.scenario);
  const RunOptions& o = spec.options;
  r["runs"] = o.runs;
  r["duration_s"] = o.duration ? ordered_json(to_seconds(*o.duration)) : ordered_json(nullptr);
  r["warmup_s"] = to_seconds(o.warmup);
  r["warmup_runs"] = o.warmup_runs;
  r["busy_threshold_pct"] = o.busy_threshold_pct;
  r["wait_idle_s"] = o.wait_idle ? ordered_json(to_seconds(*o.wait_idle)) : ordered_json(nullptr);
  r["probes"] = o.probes.text;
}

}  // namespace schedlab
