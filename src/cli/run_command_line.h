#pragma once
// Everything `schedlab run WORKLOAD` accepts, bound to one CLI11 app: the
// run and scenario options, the store options and the workload's own.
// The one description that parsing, --help, the man page and the shell
// completions share.
#include <optional>

#include <CLI/CLI.hpp>

#include "cli/run_options.h"
#include "cli/store_options.h"
#include "spec/workload_options.h"

namespace schedlab {

struct RunCommandLine {
  explicit RunCommandLine(const Workload& workload);
  // The app's options write into this object's members: it stays put.
  RunCommandLine(const RunCommandLine&) = delete;
  RunCommandLine& operator=(const RunCommandLine&) = delete;

  CLI::App app;
  RunSettings settings;
  ExperimentTexts experiment;
  StoreOptionTexts store;
  bool lava = false;  // --lava: report to LAVA's test shell (grid/lava_report.h)
  std::optional<WorkloadOptions> workload_options;  // bound after the others, so help lists them last
};

}  // namespace schedlab
