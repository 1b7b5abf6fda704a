#pragma once
#include <chrono>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "core/metric.h"
#include "core/param_spec.h"
#include "core/result.h"
#include "runner/run_options.h"
#include "scenario/scenario.h"

namespace schedlab {

// A workload's descriptor: the single place that declares its options and
// metrics (CLI, help, `list`, validation and the result file derive from it).
struct WorkloadInfo {
  std::string name;        // kebab-case, the word after `schedlab run`
  std::string summary;     // one line
  std::string reproduces;  // the benchmark it is faithful to
  std::vector<ParamSpec> params;
  std::vector<MetricSpec> metrics;
  std::string primary_metric;
  // The harness sends SIGUSR1 to every copy when the window closes (for
  // loops that must be interrupted, not finished: shell).
  bool signal_at_stop = false;
};

// How a run ends: at the end of a time window, or when every copy has done
// `iterations` loops.
struct StopRule {
  std::optional<std::chrono::nanoseconds> window;
  std::uint64_t iterations = 0;
};

// The lean worker program and arguments one copy runs (worker/main.c):
// `mode` and the mode's arguments; the runner adds the path and slot.
struct WorkerArgs {
  std::string mode;
  std::vector<std::string> args;
  std::string stdout_path;  // "" = /dev/null
  std::string stderr_path;  // "" = inherit schedlab's stderr
};

// What a workload set up for one run (scratch directories, output files);
// guarded, so it is removed after the run.
struct RunResources {
  int run_index = 0;
  std::string dir;          // a per-run scratch directory, or ""
  std::string output_base;  // where per-run output files go ("<dir>/<stem>.run3"), or ""
};

// What prepare_run may use: the run's options and a place for guards.
struct RunPrep {
  const RunOptions& options;
  int run_index;
  class Journal& journal;
  class GuardStack& guards;
};

// What the copies did in one run's measurement window.
struct WindowOutcome {
  double window_s = 0;                 // release (or warmup end) to stop
  std::vector<std::uint64_t> loops;    // loops each copy completed inside the window
  std::vector<double> copy_window_s;   // per copy: its own window (iteration mode) or window_s
  std::optional<double> cpu_s;         // user + system time of all copies, when known
  double nominal_s = 0;                // the requested window (--duration), for compat formulas
};

// A workload runs its loop in lean worker processes, one per copy; the
// runner owns processes, barrier, window, probes and scenario.
class Workload {
 public:
  virtual ~Workload() = default;
  virtual const WorkloadInfo& info() const = 0;

  // Why this workload cannot run on this machine with its defaults, or
  // nullopt; `schedlab list` shows it.
  virtual std::optional<std::string> support_problem() const { return std::nullopt; }
  // Rejects combinations one option alone cannot (UsageError).
  virtual void validate(const Params& /*params*/, const RunOptions& /*options*/,
                        const ScenarioPlan& /*plan*/) const {}
  // Adds or resolves values that depend on the options and the machine
  // (what --shell resolves to; schbench's default workers per message
  // thread); throws UsageError for values only checkable here.
  virtual void complete_params(Params& /*params*/, const ScenarioPlan& /*plan*/) const {}
  // Processes each copy keeps alive at once, for the preflight.
  virtual int processes_per_copy(const Params& params) const = 0;
  // Sets up what one run needs before its copies start; default: nothing.
  virtual RunResources prepare_run(const Params& /*params*/, RunPrep& prep) const {
    return {prep.run_index, "", ""};
  }
  // Default: the window (--duration).
  virtual StopRule stop_rule(const Params& params, const RunOptions& options) const;
  virtual WorkerArgs worker_args(const Params& params, const CopyPlacement& copy,
                                 const RunResources& resources) const = 0;
  // Adds the workload's metrics (and optional details and display text) for
  // one run, from the window and whatever the copies left in `resources`.
  virtual void derive(const Params& params, const WindowOutcome& outcome,
                      const RunResources& resources, RunRecord& run) const = 0;
};

// Loops of all copies inside the window.
std::uint64_t total_loops(const WindowOutcome& outcome);
// Shared by the throughput workloads: `lps` and `loops` over the window.
void derive_loops_per_second(const WindowOutcome& outcome, MetricValues& values);
MetricSpec lps_metric(const std::string& what);
MetricSpec loops_metric();

}  // namespace schedlab
