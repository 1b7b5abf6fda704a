#pragma once
// `schedlab run` as a flow over its typed request: --vary expanded into
// variants, every variant checked against the machine before anything
// runs, the runs in randomized blocks, the sets delivered to the result
// file, the store and LAVA (result sinks).  cli/run_command.cpp binds a
// command line to the request; suite builds requests itself.
#include <cstdint>
#include <string>
#include <vector>

#include "spec/run_settings.h"
#include "spec/vary.h"
#include "spec/workload_options.h"
#include "store/store_choice.h"
#include "workloads/builtin.h"

namespace schedlab {

// How a run shows itself when a bundle runs it (suite): its progress line
// even though its stdout is quiet, behind a prefix, with the time the rest
// of the bundle will take added to its ETA.
struct RunPresentation {
  bool progress_when_quiet = false;
  std::string prefix;
  double eta_after_s = 0;
};

// One `schedlab run`, typed: the workload, its settings and options, the
// experiment's --vary axes and seed, where its sets go.  Made whole (the
// workload's options have no empty state).
struct RunRequest {
  const Workload* workload;
  RunSettings settings;
  WorkloadOptions workload_options;
  std::vector<VaryAxis> axes;     // --vary, parsed
  std::uint64_t seed = 0;         // --seed, or the random one recorded
  store::StoreChoice store;       // --store / --no-store (already --lava's choice)
  bool lava = false;              // --lava: report to LAVA's test shell (grid/lava_case_sink.h)
  // The command line recorded in every set: the `schedlab run ...` that
  // reproduces it (suite: without its own --json, --quiet, --store).
  std::vector<std::string> argv;
  // The LAVA test cases' prefix and result block's name ("": the
  // workload's name, as run names them).
  std::string lava_name;
};

// Runs the request (or, with --dry-run, prints its plan); returns 0 or
// throws Error with the exit status, Interrupted on a terminating signal.
int run_flow(const Registries& registries, const RunRequest& request, const RunPresentation& presentation = {});

// The seconds the request will take by its options alone: runs, variants,
// warmup and window (0 for loop-bound runs, which say nothing).
double nominal_run_seconds(const RunRequest& request);

}  // namespace schedlab
