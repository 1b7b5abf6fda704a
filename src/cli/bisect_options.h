#pragma once
// `schedlab bisect`'s options before "--" on a command line (their texts
// and checks: flows/bisect.h).
#include <CLI/CLI.hpp>

#include "flows/bisect.h"

namespace schedlab {

// Bound to one CLI11 app: what parses the options, its --help, the man page
// and the completions.
struct BisectCommandLine {
  BisectCommandLine();
  BisectCommandLine(const BisectCommandLine&) = delete;
  BisectCommandLine& operator=(const BisectCommandLine&) = delete;

  CLI::App app;
  BisectTexts texts;
};

}  // namespace schedlab
