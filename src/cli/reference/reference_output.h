#pragma once
// `schedlab --help-man` and `schedlab --completion bash|zsh`: the man page
// and the completion scripts, generated from the app about to parse the
// command line (the build installs their output); `--help-model`: the
// command model as JSON, for tests.
#include <optional>

#include "cli/cli_fwd.h"
#include "workloads/builtin.h"

namespace schedlab::reference {

// When argv asks for one of them, prints it on stdout and returns the exit
// status; nullopt otherwise.  Throws UsageError for an unknown shell.
std::optional<int> print_reference(const CLI::App& app, const WorkloadRegistry& workloads, int argc,
                                   char** argv);

}  // namespace schedlab::reference
