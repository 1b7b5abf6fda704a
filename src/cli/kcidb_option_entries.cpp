#include "cli/kcidb_option_entries.h"

namespace schedlab {

// What KCIDB's checkout says of the kernel's source (grid/kcidb_checkout.h):
// given, or read from the tree with --git-tree; a given one wins.
std::vector<CommandOptionSpec> kcidb_checkout_entries() {
  const std::vector<std::string> exporting = {"export"};
  return {
      {.names = "--tree-name", .value = "NAME",
       .help = "with --kcidb: the checkouts' tree_name, the tree the kernel came from (mainline, net-next; "
               "default: the --git-url's last part without .git)",
       .commands = exporting},
      {.names = "--git-url", .value = "REPOSITORY",
       .help = "with --kcidb: the checkouts' git_repository_url, an https:// URL without a user or password "
               "(default: --git-tree's origin remote)",
       .commands = exporting},
      {.names = "--branch", .value = "NAME",
       .help = "with --kcidb: the checkouts' git_repository_branch (default: the branch of --git-tree's HEAD)",
       .commands = exporting},
      {.names = "--commit", .value = "SHA",
       .help = "with --kcidb: the checkout's git_commit_hash, 40 hex digits, part of its id; the sets must be of "
               "one kernel, whose release names no other commit (default: --git-tree's HEAD)",
       .commands = exporting},
      {.names = "--git-tree", .value = "DIR",
       .help = "with --kcidb: the kernel's git work tree, for what --tree-name, --git-url, --branch and --commit "
               "do not give: its HEAD, branch and origin remote (without a user or password)",
       .path = PathRole::kInput, .commands = exporting},
  };
}

}  // namespace schedlab
