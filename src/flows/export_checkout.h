#pragma once
// `export --kcidb`'s checkout as asked: --tree-name, --git-url, --branch,
// --commit, and --git-tree DIR, the kernel's git tree to read the rest
// from (through flows/bisect_git.h, the one place schedlab runs git).
#include <string>

#include "grid/kcidb_checkout.h"

namespace schedlab {

// What the tree at `dir` says: HEAD's commit, the branch HEAD is on (none
// when detached), the origin remote's URL without a user or password (none
// without that remote).  UsageError naming `option` when `dir` is not a
// git work tree.
grid::CheckoutIdentity read_checkout_identity(const std::string& dir, const std::string& option);

// `given` (the options as typed) over what `git_tree` ("" for none) says,
// checked (grid::checked_identity): UsageError in one line for a value
// KCIDB does not take.
grid::CheckoutIdentity export_checkout(const grid::CheckoutIdentity& given, const std::string& git_tree);

}  // namespace schedlab
