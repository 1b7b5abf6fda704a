#pragma once
#include <string>
#include <string_view>

#include "cli/reference/command_model.h"

namespace schedlab::reference {

// schedlab(1) in man(7) markup: every command and option as the command
// line declares them, each workload with its own options and metrics, and
// the exit statuses, environment and files.  `version` goes in the title
// line; there is no date, so the page builds reproducibly.
std::string man_page(const CliDoc& doc, std::string_view version);

// `text` safe as roff input: backslashes and hyphens escaped, a leading
// period or apostrophe defused.
std::string roff_escape(const std::string& text);

}  // namespace schedlab::reference
