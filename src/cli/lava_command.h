#pragma once
// `schedlab lava job|collect`: schedlab on a LAVA lab (docs/fleet.md).
#include <string>

#include "cli/store_options.h"
#include "workloads/builtin.h"

namespace schedlab {

// add_lava (cli/command.h) registers `lava` and its subcommands.

// `lava collect` as typed; lava_collect_command binds it to the flow
// (flows/lava_collect.h).
struct LavaCollectTexts {
  std::string job;     // a directory with output.yaml, a log file, or a job id on `server`
  std::string server;  // a LAVA server's URL: read the job through its REST API
  std::string json;    // also write the sets as a result file
  bool force = false;  // replace an existing --json file
  StoreOptionTexts store;
};
int lava_collect_command(const LavaCollectTexts& texts, const WorkloadRegistry& workloads);

}  // namespace schedlab
