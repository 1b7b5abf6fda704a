#pragma once
#include "cli/cli_fwd.h"

namespace schedlab {

// CLI11's help, with every description, footer and option text wrapped
// to 80 columns (CLI11 2.1 prints each on one line, up to 220 wide).
// Installed on every App schedlab builds; subcommands inherit it.
void use_wrapping_help(CLI::App& app);

}  // namespace schedlab
