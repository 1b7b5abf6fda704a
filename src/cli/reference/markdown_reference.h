#pragma once
// docs/options.md: every command's and every workload's options with their
// help (defaults included), generated from the same model as the man page,
// so that the docs cannot state a default the tool does not have
// (`schedlab --help-markdown`; a test compares docs/options.md with it).
#include <string>

#include "cli/reference/command_model.h"

namespace schedlab::reference {

std::string markdown_reference(const CliDoc& doc);

}  // namespace schedlab::reference
