#pragma once
#include <functional>
#include <string>

#include "core/error.h"
#include "core/result.h"
#include "runner/run_options.h"
#include "scenario/scenario.h"
#include "sys/signals.h"
#include "workloads/workload.h"

namespace schedlab {

// Receives progress as runs complete (the text reporter; tests).
class RunObserver {
 public:
  virtual ~RunObserver() = default;
  virtual void run_started(const ResultSet& set, int index, int total) = 0;
  virtual void run_finished(const ResultSet& set, const RunRecord& run) = 0;
};

// Everything a set of runs needs, resolved and validated.
struct RunSetup {
  const Workload& workload;
  Params params;
  RunOptions options;
  ScenarioRequest request;
  ScenarioPlan plan;
  std::string worker_path;
  ordered_json environment;
};

struct RunSetOutcome {
  ResultSet set;
  ExitStatus status = ExitStatus::kOk;
  int interrupted_by = 0;  // SIGINT/SIGTERM/SIGHUP that stopped the set, or 0
};

// The result set before any run: description, environment, metrics.
ResultSet describe_set(const RunSetup& setup);

// Runs options.runs repetitions.  After every run, and when the set ends in
// an error, `save` receives the set so far: nothing measured is lost.  A
// failed run or an interrupt ends the set with status ERROR (the completed
// runs are kept).
RunSetOutcome run_set(const RunSetup& setup, sys::SignalGate& gate, RunObserver& observer,
                      const std::function<void(const ResultSet&)>& save);

}  // namespace schedlab
