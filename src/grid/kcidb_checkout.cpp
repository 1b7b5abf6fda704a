#include "grid/kcidb_checkout.h"

#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <cctype>
#include <cstring>
#include <utility>

#include "core/error.h"

namespace schedlab::grid {
namespace {

bool has_control(const std::string& text) {
  return std::any_of(text.begin(), text.end(), [](char c) { return std::iscntrl(static_cast<unsigned char>(c)); });
}

// KCIDB's tree_name and git_repository_branch refuse only NUL (which no
// command line holds); a control character is still a mistake in a name a
// dashboard prints on one line, and git refuses spaces in a branch.
bool good_tree_name(const std::string& name) { return !name.empty() && !has_control(name); }

bool good_branch(const std::string& branch) {
  return good_tree_name(branch) && branch.find(' ') == std::string::npos;
}

bool good_commit(const std::string& commit) {
  return commit.size() == 40 && std::all_of(commit.begin(), commit.end(), [](char c) {
           return std::isdigit(static_cast<unsigned char>(c)) || (c >= 'a' && c <= 'f');
         });
}

constexpr std::string_view kHttps = "https://";

// Where `url`'s authority (user@host:port) ends.
std::size_t authority_end(const std::string& url, std::size_t from) {
  const std::size_t end = url.find_first_of("/?#", from);
  return end == std::string::npos ? url.size() : end;
}

// KCIDB's git_repository_url: ^https:// and a URI (RFC 3986's characters),
// here also with a host and without a user or password.
bool good_url(const std::string& url) {
  if (url.compare(0, kHttps.size(), kHttps) != 0) return false;
  const std::size_t end = authority_end(url, kHttps.size());
  if (end == kHttps.size() || url.find('@') < end || url[kHttps.size()] == ':') return false;
  return std::all_of(url.begin(), url.end(), [](char c) {
    return std::isalnum(static_cast<unsigned char>(c)) || std::strchr("-._~:/?#[]@!$&'()*+,;=%", c) != nullptr;
  });
}

// Where `url`'s "user:password@" is: [first, second), empty when it has none.
std::pair<std::size_t, std::size_t> userinfo(const std::string& url) {
  const std::size_t scheme = url.find("://");
  if (scheme == std::string::npos) return {0, 0};
  const std::size_t end = authority_end(url, scheme + 3), at = url.rfind('@', end);
  if (at == std::string::npos || at < scheme + 3) return {0, 0};
  return {scheme + 3, at + 1};
}

// A value as a one-line message may show it: a URL's user and password as
// "***", a control character (a newline too) as \u00XX.
std::string shown(const std::string& value) {
  const auto [from, to] = userinfo(value);
  const std::string masked = from == to ? value : value.substr(0, from) + "***@" + value.substr(to);
  std::string out;
  for (char c : masked)
    out += std::iscntrl(static_cast<unsigned char>(c)) ? fmt::format("\\u{:04x}", static_cast<unsigned char>(c))
                                                        : std::string(1, c);
  return out;
}

struct Field {
  std::string CheckoutIdentity::*member;
  const char* option;
  const char* in_tree;  // what the tree gave: "origin remote's URL"
  bool (*good)(const std::string&);
  const char* expected;
};

const std::array<Field, 4> kFields = {{
    {&CheckoutIdentity::tree_name, "--tree-name", "tree name", good_tree_name,
     "a tree's name without control characters (mainline, net-next)"},
    {&CheckoutIdentity::git_url, "--git-url", "origin remote's URL", good_url,
     "an https:// URL without a user or password, which is all KCIDB's git_repository_url takes "
     "(https://git.kernel.org/pub/scm/linux/kernel/git/torvalds/linux.git)"},
    {&CheckoutIdentity::branch, "--branch", "branch", good_branch,
     "a branch name without spaces or control characters"},
    {&CheckoutIdentity::commit, "--commit", "HEAD's commit", good_commit,
     "a full commit, 40 lowercase hex digits, as KCIDB's git_commit_hash is (git rev-parse HEAD prints it)"},
}};

}  // namespace

CheckoutIdentity checked_identity(const CheckoutIdentity& given, const CheckoutIdentity& read,
                                  const std::string& tree_option) {
  CheckoutIdentity out;
  for (const Field& f : kFields) {
    const std::string& mine = given.*f.member;
    const std::string& theirs = read.*f.member;
    if (!mine.empty() && !f.good(mine)) throw UsageError(f.option, shown(mine), f.expected);
    if (mine.empty() && !theirs.empty() && !f.good(theirs))
      throw UsageError(fmt::format("{}: its {} '{}' is not what KCIDB takes: expected {}; give {} instead",
                                   tree_option, f.in_tree, shown(theirs), f.expected, f.option));
    out.*f.member = mine.empty() ? theirs : mine;
  }
  if (out.tree_name.empty()) out.tree_name = tree_name_of(out.git_url);
  if (!out.commit.empty()) out.commit_source = given.commit.empty() ? "the HEAD of " + tree_option : "--commit";
  return out;
}

std::string url_without_userinfo(const std::string& url) {
  const auto [from, to] = userinfo(url);
  return url.substr(0, from) + url.substr(to);
}

std::string tree_name_of(const std::string& url) {
  const std::size_t scheme = url.find("://");
  const std::size_t path = scheme == std::string::npos ? 0 : authority_end(url, scheme + 3);
  std::string rest = url.substr(path, url.find_first_of("?#", path) - path);
  while (!rest.empty() && rest.back() == '/') rest.pop_back();
  std::string name = rest.substr(rest.rfind('/') + 1);
  if (name.size() > 4 && name.compare(name.size() - 4, 4, ".git") == 0) name.resize(name.size() - 4);
  return name;
}

void describe_checkout(nlohmann::ordered_json& checkout, const CheckoutIdentity& identity) {
  if (!identity.tree_name.empty()) checkout["tree_name"] = identity.tree_name;
  if (!identity.git_url.empty()) checkout["git_repository_url"] = identity.git_url;
  if (!identity.branch.empty()) checkout["git_repository_branch"] = identity.branch;
  if (!identity.commit.empty()) checkout["git_commit_hash"] = identity.commit;
}

}  // namespace schedlab::grid
