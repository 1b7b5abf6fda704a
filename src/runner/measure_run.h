#pragma once
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "core/result.h"
#include "probes/probe_set.h"
#include "runner/copy_group.h"
#include "runner/runner.h"
#include "scenario/control_outcome.h"
#include "scenario/journal.h"
#include "sys/signals.h"

namespace schedlab {

// Everything one run needs; shared by every run of a variant.
struct RunContext {
  const RunSetup& setup;
  const ProbeSet& probes;
  sys::SignalGate& gate;
  Journal& journal;
  // Called about once a second during the warmup and the window: seconds
  // into the run's timed part, and its length (0 when unbounded).
  std::function<void(double, double)> tick = [](double, double) {};
};

// A measured run, what became of each scenario control during it, and what
// the reader of its numbers must know (a busy machine).
struct MeasuredRun {
  RunRecord run;
  std::vector<ControlOutcome> controls;
  std::vector<Warning> warnings;
};

// Executes one run: wait for an idle machine when asked, apply the
// scenario, start the copies behind the barrier, read back where they run,
// optional warmup, the measurement window bracketed by the probes and the
// machine-load check, stop, collect, restore the scenario.  Throws Error
// (kWorkloadFailed / kNotApplied) or Interrupted; the copies are gone and
// the system restored on every path.  A run in which no loop completed is a
// failure, not a result of zero.
MeasuredRun measure_run(const RunContext& context, int index);

}  // namespace schedlab
