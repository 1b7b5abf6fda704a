#pragma once
#include <memory>
#include <string>
#include <vector>

#include "core/result.h"
#include "probes/probe.h"
#include "runner/copy_group.h"
#include "runner/run_options.h"
#include "scenario/control_outcome.h"
#include "scenario/journal.h"
#include "scenario/scenario.h"
#include "sys/signals.h"
#include "workloads/workload.h"

namespace schedlab {

// Everything one run needs; owned by the Runner, shared by every run.
struct RunContext {
  const Workload& workload;
  const Params& params;
  const RunOptions& options;
  const ScenarioRequest& request;
  const ScenarioPlan& plan;
  std::string worker_path;
  std::vector<std::unique_ptr<Probe>>& probes;
  sys::SignalGate& gate;
  Journal& journal;
};

// A measured run and what became of each scenario control during it.
struct MeasuredRun {
  RunRecord run;
  std::vector<ControlOutcome> controls;
};

// Executes one run: apply the scenario, start the copies behind the
// barrier, read back where they run, optional warmup, the measurement window
// bracketed by the probes, stop, collect, restore the scenario.  Throws
// Error (kWorkloadFailed / kNotApplied) or Interrupted; the copies are gone
// and the system restored on every path.
MeasuredRun measure_run(const RunContext& context, int index);

}  // namespace schedlab
