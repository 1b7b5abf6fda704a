#pragma once
// Shell completions generated from the command line's own descriptors:
// commands, workloads, every option and the literal values it takes.
#include <string>

#include "cli/reference/command_model.h"

namespace schedlab::reference {

// A bash script defining _schedlab for `complete -F` (bash-completion's
// completions/schedlab); needs nothing but bash itself.
std::string bash_completion(const CliDoc& doc);

// A zsh completion function (_schedlab, for a directory on $fpath).
std::string zsh_completion(const CliDoc& doc);

}  // namespace schedlab::reference
