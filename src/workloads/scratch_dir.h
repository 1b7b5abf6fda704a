#pragma once
#include <string>

#include "scenario/guard_stack.h"

namespace schedlab {

// Creates a fresh scratch directory under $TMPDIR (or /tmp) named
// "<prefix>-<pid>-XXXXXX", journaled and removed with everything in it when
// `guards` go, whatever happens (after SIGKILL: by `schedlab restore`).
// Throws SystemError.
std::string make_scratch_dir(const std::string& prefix, Journal& journal, GuardStack& guards);

// Writes `text` to `path` (created 0644, or 0755 when `executable`); throws.
void write_file(const std::string& path, std::string_view text, bool executable = false);

}  // namespace schedlab
