#include "cli/run_setup.h"

#include "core/error.h"
#include "runner/preflight.h"
#include "runner/worker_path.h"
#include "sys/affinity.h"

namespace schedlab {

std::string locate_worker() {
  if (auto worker = find_worker()) return *worker;
  throw Error(ExitStatus::kUsage,
              "cannot find schedlab-worker, the loop program, beside the schedlab binary "
              "(install both into the same directory)");
}

RunSetup make_run_setup(const Workload& w, Params params, RunOptions options,
                        ScenarioRequest request, const std::string& worker,
                        const ordered_json& environment, std::string label,
                        const sys::ProcessLimits& limits) {
  ScenarioPlan plan = plan_scenario(request, sys::affinity_of(0));
  w.complete_params(params, plan);
  w.validate(params, options, plan);
  preflight_process_limits(plan.copies, w.processes_per_copy(params), request.copies.text(),
                           limits);
  return RunSetup{w,      std::move(params), std::move(options), std::move(request),
                  std::move(plan), worker,   environment,        std::move(label)};
}

}  // namespace schedlab
