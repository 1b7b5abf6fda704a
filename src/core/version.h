#pragma once
#include <string_view>

namespace schedlab {
// The release version of this build ("0.1.0").
std::string_view tool_version();
// The short git sha the build was configured from, "-dirty" when the tree had
// uncommitted changes, "unknown" outside a git checkout.
std::string_view tool_git_sha();
}  // namespace schedlab
