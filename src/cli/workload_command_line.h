#pragma once
// A workload's own options on its command line: every ParamSpec of its
// descriptor bound to CLI11, storing its text in a WorkloadOptions (output
// paths declared through cli/path_options.h).
#include <CLI/CLI.hpp>

#include "spec/workload_options.h"

namespace schedlab {

// `options` must stay where it is until `app` has parsed.
void bind_workload_options(CLI::App& app, WorkloadOptions& options);

}  // namespace schedlab
