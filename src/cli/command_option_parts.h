#pragma once
// The files that hold the declarations of cli/command_options.h, each a
// part command_option_specs() gathers.
#include <vector>

#include "cli/command_options.h"

namespace schedlab {

// cli/guest_option_entries.cpp: what boots guests (kernels, check --kernel,
// bisect) and bisect's own.
std::vector<CommandOptionSpec> guest_option_entries();
// cli/grid_option_entries.cpp: suite, lava job, lava collect, lava ramdisk.
std::vector<CommandOptionSpec> grid_option_entries();

}  // namespace schedlab
