#pragma once
// What a KCIDB checkout says of the source it came from, beyond the kernel
// release the sets record: the tree's name, its repository, the branch and
// the commit (`export --kcidb --tree-name --git-url --branch --commit`, or
// read from the kernel's git tree with --git-tree, flows/kcidb_tree.h).
// Each value is checked against what KCIDB's schema v5.3 allows for its
// field, and a value the user gave wins over one the tree says.
#include <nlohmann/json.hpp>

#include <string>

namespace schedlab::grid {

struct CheckoutIdentity {
  std::string tree_name;  // tree_name: "mainline", "net-next"
  std::string git_url;    // git_repository_url: https://, no user or password
  std::string branch;     // git_repository_branch
  std::string commit;     // git_commit_hash: 40 lowercase hex digits
  std::string commit_source;  // where the commit came from, for a message: "--commit"
};

// `given` (the options, each field "" when not given) checked, then each
// field it leaves empty taken from `read` (what `tree_option`, "--git-tree
// DIR", read from a tree) and checked too.  Throws UsageError in one line:
// a given value names its option; a read one names the tree and the option
// that would replace it.  Without a tree name, the URL's (tree_name_of).
CheckoutIdentity checked_identity(const CheckoutIdentity& given, const CheckoutIdentity& read,
                                  const std::string& tree_option);

// A remote's URL as a checkout may carry it: without the user and password
// a clone's remote may hold (https://TOKEN@host/...): a results database
// is public.
std::string url_without_userinfo(const std::string& url);

// The tree's name a repository URL implies: its last path component
// without ".git" (.../netdev/net-next.git: "net-next"); "" for none.
std::string tree_name_of(const std::string& url);

// `checkout` (a KCIDB checkout object) with `identity`'s fields; the
// commit replaces one the kernel release named.
void describe_checkout(nlohmann::ordered_json& checkout, const CheckoutIdentity& identity);

}  // namespace schedlab::grid
