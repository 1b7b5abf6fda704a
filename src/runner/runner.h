#pragma once
#include <cstdint>
#include <string>
#include <vector>

#include "core/error.h"
#include "core/result.h"
#include "probes/probe_set.h"
#include "runner/result_sink.h"
#include "runner/run_observer.h"
#include "spec/run_options.h"
#include "spec/run_spec.h"
#include "runner/stop_rule.h"
#include "scenario/journal.h"
#include "scenario/scenario.h"
#include "sys/signals.h"
#include "workloads/workload.h"

namespace schedlab {

// One variant: a run spec checked against this machine.
struct RunSetup {
  RunSpec spec;
  ScenarioPlan plan;
  StopRule stop;
  std::string worker_path;
  ordered_json environment;
  std::string label;                            // the set's label
  ordered_json vary = ordered_json::object();   // {KEY: VALUE} this variant sets, or {}
  const ProbeList* probes = nullptr;            // what --probes names, borrowed from the top (make_run_setup)

  const Workload& workload() const { return *spec.workload; }
  const RunOptions& options() const { return spec.options; }
};

// Every variant of one invocation, run in randomized complete blocks.
struct Experiment {
  std::vector<RunSetup> variants;
  std::uint64_t seed = 0;
  std::vector<std::string> argv;  // the command line, recorded in every set
  // The invocation's own options, which no --vary changes: how many blocks
  // (runs), where the result file goes, how it talks.  A variant's own
  // (duration, probes, ...) are in its spec.
  RunOptions options;
};

struct ExperimentOutcome {
  std::vector<ResultSet> sets;  // one per variant, in variant order
  ExitStatus status = ExitStatus::kOk;
  std::string error;            // the first failure, when status is not kOk
  int interrupted_by = 0;       // SIGINT/SIGTERM/SIGHUP that stopped it, or 0
  bool internal_error = false;  // the failure was not schedlab's own (a library exception)
};

// The probes a variant's --probes takes for its workload ("default" is
// per workload: probes/measured_cost.h), of its own.
ProbeSet probes_of(const RunSetup& setup);

// A variant's result set before any run: description, environment, the
// metrics (the probes' among them) and the probes' record.
ResultSet describe_set(const RunSetup& setup, const ProbeSet& probes, std::uint64_t seed, bool varied);

// Runs options.runs blocks of every variant.  After every run, `sink`
// receives all sets so far: nothing measured is lost.  A failed run, an
// exception of any kind or an interrupt ends the experiment; every set that
// did not finish gets status ERROR naming why (its completed runs are kept).
ExperimentOutcome run_experiment(const Experiment& experiment, sys::SignalGate& gate,
                                 Journal& journal, RunObserver& observer, ResultSink& sink);

}  // namespace schedlab
