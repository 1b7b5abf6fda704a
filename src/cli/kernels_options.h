#pragma once
// `schedlab kernels` on a command line: its options bound to one CLI11
// app (the texts and their checks: flows/kernels_request.h), and the spec
// after '--' parsed once.
#include <optional>
#include <string>
#include <vector>

#include "cli/cli_fwd.h"
#include "flows/kernels_request.h"
#include "workloads/builtin.h"

namespace schedlab {

// Everything `schedlab kernels` accepts before '--', bound to one CLI11 app:
// what parses it, its --help, the man page and the completions.
struct KernelsCommandLine {
  KernelsCommandLine();
  // The app's options write into `texts`: it stays put.
  KernelsCommandLine(const KernelsCommandLine&) = delete;
  KernelsCommandLine& operator=(const KernelsCommandLine&) = delete;

  CLI::App app;
  KernelsTexts texts;
};

// The words after "--" (run WORKLOAD [options]) as the spec every guest
// runs.  nullopt when the spec's --help was shown; UsageError when they
// are not a run.
std::optional<GuestSpec> parse_kernels_spec(const Registries& registries, const std::vector<std::string>& spec);

}  // namespace schedlab
