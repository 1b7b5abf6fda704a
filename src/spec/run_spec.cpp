#include "spec/run_spec.h"

#include "spec/run_settings.h"

namespace schedlab {

void write_run_spec(const RunSpec& spec, ResultSet& set) {
  set.workload.name = spec.workload->info().name;
  // Output-only options (schbench's -j FILE) are not part of the spec.
  set.workload.params = spec.params;
  for (const auto& p : spec.workload->info().params)
    if (!in_spec(p)) set.workload.params.erase(p.name);
  set.workload.primary_metric = spec.workload->info().primary_metric;
  set.scenario.requested = RunSettings{spec.options, spec.scenario};
}

}  // namespace schedlab
