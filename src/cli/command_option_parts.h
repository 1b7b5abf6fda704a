#pragma once
// The files that hold the declarations of cli/command_options.h, each a
// part command_option_specs() gathers.
#include <initializer_list>
#include <vector>

#include "cli/command_options.h"

namespace schedlab {

// A file's groups of entries, one after the other (cli/command_option_entries.cpp).
using OptionEntries = std::vector<CommandOptionSpec> (*)();
std::vector<CommandOptionSpec> gather_entries(std::initializer_list<OptionEntries> parts);

// cli/guest_option_entries.cpp: what boots guests (kernels, check --kernel,
// bisect) and bisect's own.
std::vector<CommandOptionSpec> guest_option_entries();
// cli/grid_option_entries.cpp: suite, lava job, lava collect, lava ramdisk.
std::vector<CommandOptionSpec> grid_option_entries();

}  // namespace schedlab
