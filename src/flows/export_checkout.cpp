#include "flows/export_checkout.h"

#include <fmt/format.h>

#include "core/error.h"
#include "flows/bisect_git.h"

namespace schedlab {

grid::CheckoutIdentity read_checkout_identity(const std::string& dir, const std::string& option) {
  const GitTree tree(dir, option);
  grid::CheckoutIdentity read;
  try {
    read.commit = tree.commit("HEAD", option);
  } catch (const UsageError&) {
    throw UsageError(option, dir, "a git work tree with a commit checked out (its HEAD names none yet)");
  }
  read.branch = tree.branch();
  read.git_url = grid::url_without_userinfo(tree.remote_url("origin"));
  return read;
}

grid::CheckoutIdentity export_checkout(const grid::CheckoutIdentity& given, const std::string& git_tree) {
  if (git_tree.empty()) return grid::checked_identity(given, {}, "");
  return grid::checked_identity(given, read_checkout_identity(git_tree, "--git-tree"),
                                fmt::format("--git-tree '{}'", git_tree));
}

}  // namespace schedlab
