#pragma once
// The declarations of `export --kcidb`'s checkout options, a part of
// command_option_specs() (cli/command_options.h).
#include <vector>

#include "cli/command_options.h"

namespace schedlab {

std::vector<CommandOptionSpec> kcidb_checkout_entries();

}  // namespace schedlab
