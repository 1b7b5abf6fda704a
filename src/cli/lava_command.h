#pragma once
// `schedlab lava job|collect|ramdisk`: schedlab on a LAVA lab (docs/fleet.md).
#include <functional>
#include <optional>
#include <string>

#include <CLI/CLI.hpp>

#include "cli/store_options.h"
#include "workloads/builtin.h"

namespace schedlab {

// Adds `lava` and its subcommands to `app`; the callback runs the one that
// was parsed after app.parse() and returns its exit status, or nullopt when
// the user chose another command.
std::function<std::optional<int>()> add_lava(CLI::App& app, const WorkloadRegistry& workloads);

// `lava collect` as typed (cli/lava_collect_command.cpp).
struct LavaCollectTexts {
  std::string job;     // JOB_ID, a directory with output.yaml, or a log file
  std::string server;  // the LAVA server, for a JOB_ID
  std::string json;    // also write the sets as a result file
  StoreOptionTexts store;
};
int lava_collect_command(const LavaCollectTexts& texts);

}  // namespace schedlab
