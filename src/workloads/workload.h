#pragma once
#include <chrono>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "core/metric.h"
#include "core/param_spec.h"
#include "channel/run_channel.h"
#include "core/result.h"
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
  // Values complete_params() adds to the params for the record (what
  // --shell resolved to); recomputed, never read back from a result file.
  std::vector<std::string> derived_params = {};
  // What people quote beside the primary metric, compared by default
  // (wakeup: schbench's wakeup and request latencies).
  std::vector<std::string> key_metrics = {};
  // The options of its shortest meaningful run (after `schedlab run NAME
  // --runs 1`): what tests that walk every workload run, and README's
  // smallest example.
  std::vector<std::string> smoke_args = {"--duration", "200ms"};
};

// What can bound a run of a workload; the runner decides the stop rule once
// from this and the run options (runner/stop_rule.h) and tells the worker.
struct StopSupport {
  bool window = true;                  // a time window (--duration)
  std::string iterations_param;        // an option that bounds the run by loops per copy when
                                       // --duration is not given ("" = none)
  std::uint64_t fixed_iterations = 0;  // always this many loops per copy (command: 1)
  bool warmup = true;                  // --warmup
  std::string why;                     // said when an option it lacks is given
};

// The lean worker program and arguments one copy runs (worker/main.c):
// `mode` and the mode's arguments, or for a mode that declares one, its
// typed configuration, which the runner writes into the copy's channel
// area; the runner adds the path and slot.
struct WorkerArgs {
  sl_mode mode = SL_MODE_COUNT;
  std::vector<std::string> args;
  channel::ModeConfig config = {};
  std::string stdout_path;  // "" = /dev/null
  // "" = schedlab's stderr, through a filter no terminal acts on
  // (sys/stderr_relay.h), unless `discard_stderr`.
  std::string stderr_path;
  bool discard_stderr = false;  // stderr to /dev/null too (the command's --discard-output)
};

// What a workload set up for one run (scratch directories, output files);
// guarded, so it is removed after the run.
struct RunResources {
  int run_index = 0;
  std::string dir;          // a per-run scratch directory, or ""
  std::string output_base;  // where per-run output files go ("<dir>/<stem>.run3"), or ""
};

// What prepare_run may use: where the result file goes (--json: the command
// workload puts its output files beside it), the run, a place for guards.
struct RunPrep {
  std::optional<std::string> result_file;
  int run_index;
  class Journal& journal;
  class GuardStack& guards;
};

// What the copies did in one run's measurement window.
struct WindowOutcome {
  double window_s = 0;                 // the window (iteration-bound: the slowest copy's)
  std::vector<std::uint64_t> loops;    // loops each copy completed inside the window
  std::vector<double> copy_window_s;   // per copy: its own window (iteration-bound) or window_s
  std::vector<double> per_second;      // loops per second of all copies, each whole second
  std::optional<double> cpu_s;         // user + system time of all copies, when known
  double nominal_s = 0;                // the requested window (--duration), for compat formulas
  const channel::RunChannel* channel = nullptr;  // the copies' results (histograms, scalars)
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
  virtual void validate(const Params& /*params*/, const ScenarioPlan& /*plan*/) const {}
  // Adds or resolves values that depend on the options and the machine
  // (what --shell resolves to; schbench's default workers per message
  // thread); throws UsageError for values only checkable here.
  virtual void complete_params(Params& /*params*/, const ScenarioPlan& /*plan*/) const {}
  // Where this spec, as resolved, differs from the tool it reproduces in a
  // way that changes the figures; shown before the first run and recorded
  // as warnings of kind "fidelity".
  virtual std::vector<std::string> fidelity_notes(const Params& /*params*/,
                                                  const ScenarioPlan& /*plan*/) const {
    return {};
  }
  // Per-thread loop counters each copy keeps in the channel (threaded
  // modes; the harness samples them); 0 = the copy's own counter.
  virtual std::uint32_t loop_counters(const Params& /*params*/) const { return 0; }
  // Processes each copy keeps alive at once, for the preflight.
  virtual int processes_per_copy(const Params& params) const = 0;
  // Sets up what one run needs before its copies start; default: nothing.
  virtual RunResources prepare_run(const Params& /*params*/, RunPrep& prep) const {
    return {prep.run_index, "", ""};
  }
  // Default: a window, with warmup.
  virtual StopSupport stop_support(const Params& /*params*/) const { return {}; }
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
