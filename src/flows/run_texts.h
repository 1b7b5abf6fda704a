#pragma once
// `schedlab run WORKLOAD ...` as parsed, before --vary is expanded: what
// cli/run_parse.h makes of a run's words, and what the flows that run a
// spec in guests (kernels, the step judge, bisect, lava job) are given.
#include <optional>
#include <string>
#include <vector>

#include "flows/store_texts.h"
#include "spec/run_settings.h"
#include "spec/workload_options.h"

namespace schedlab {

// --vary and --seed as typed: they shape the experiment, not one variant.
struct ExperimentTexts {
  std::vector<std::string> vary;  // KEY=V1,V2,...
  std::string seed;               // "" = random, recorded
};

// The typed settings, --vary and --seed as typed, the workload's options.
struct ParsedRun {
  RunSettings settings;
  ExperimentTexts experiment;
  std::optional<WorkloadOptions> workload_options;
  StoreOptionTexts store;
  bool lava = false;  // --lava (grid/lava_report.h)
};

}  // namespace schedlab
