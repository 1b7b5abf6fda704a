#include "runner/run_setup.h"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <iostream>

#include "core/error.h"
#include "runner/preflight.h"
#include "runner/worker_path.h"
#include "spec/run_option_table.h"
#include "sys/affinity.h"

namespace schedlab {

std::string locate_worker() {
  if (auto worker = find_worker()) return *worker;
  throw Error(ExitStatus::kUsage,
              fmt::format("cannot find schedlab-worker, the loop program: not at {} (reinstall "
                          "schedlab, or keep the worker beside the binary)",
                          fmt::join(worker_locations(), " nor at ")));
}

RunSetup make_run_setup(const ProbeList& probes, RunSpec spec, const std::string& worker,
                        const ordered_json& environment, std::string label, const sys::ProcessLimits& limits) {
  const Workload& w = *spec.workload;
  ScenarioPlan plan = plan_scenario(spec.scenario, sys::affinity_of(0), option_name);
  w.complete_params(spec.params, plan);
  w.validate(spec.params, plan);
  StopRule stop = decide_stop_rule(w, spec.params, spec.options);
  preflight_process_limits(plan.copies, w.processes_per_copy(spec.params),
                           spec.scenario.copies.text(), limits);
  RunSetup setup{std::move(spec), std::move(plan), stop, worker, environment, std::move(label)};
  setup.probes = &probes;
  return setup;
}

bool changes_global_state(const Experiment& experiment) {
  for (const auto& v : experiment.variants)
    if (changes_global_state(v.spec.scenario)) return true;
  return false;
}

}  // namespace schedlab
