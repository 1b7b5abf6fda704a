#pragma once
#include <memory>
#include <string>
#include <vector>

#include "core/result.h"
#include "probes/probe.h"
#include "runner/copy_group.h"
#include "runner/run_options.h"
#include "scenario/scenario.h"
#include "sys/signals.h"
#include "workloads/workload.h"

namespace schedlab {

// Everything one run needs; owned by the Runner, shared by every run.
struct RunContext {
  const Workload& workload;
  const Params& params;
  const RunOptions& options;
  const ScenarioPlan& plan;
  std::string worker_path;
  std::vector<std::unique_ptr<Probe>>& probes;
  sys::SignalGate& gate;
};

// Executes one run: start the copies behind the barrier, optional warmup,
// the measurement window bracketed by the probes, stop, collect.  Throws
// Error (kWorkloadFailed / kNotApplied) or Interrupted; the copies are gone
// on every path.
RunRecord measure_run(const RunContext& context, int index);

}  // namespace schedlab
