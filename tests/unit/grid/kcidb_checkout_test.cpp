// Unit tests for src/grid/kcidb_checkout.cpp and the checkout it describes
// in a KCIDB document: --tree-name, --git-url, --branch, --commit (the
// document's validity under KCIDB's schema: tests/integration/kcidb_test.cpp).
#include "grid/kcidb_checkout.h"

#include <gtest/gtest.h>

#include <algorithm>

#include "core/error.h"
#include "grid/kcidb.h"
#include "support/registries.h"
#include "support/sample_result.h"

namespace schedlab::grid {
namespace {

const std::string kCommit = "0123456789abcdef0123456789abcdef01234567";
const std::string kOther = "89abcdef0123456789abcdef0123456789abcdef";
const std::string kNetNext = "https://git.kernel.org/pub/scm/linux/kernel/git/netdev/net-next.git";

store::SetDocument stored_doc(const ResultSet& set) { return {ordered_json(set), "2026-11-29T22:00:00Z"}; }

ordered_json document(const std::vector<ResultSet>& sets, const CheckoutIdentity& identity) {
  std::vector<store::SetDocument> docs;
  docs.reserve(sets.size());
  for (const auto& s : sets) docs.push_back(stored_doc(s));
  return kcidb_document(docs, "o", testing::workload_registry(), identity);
}

// The message a refusal gives, "" when there is none.
std::string refusal(const CheckoutIdentity& given, const CheckoutIdentity& read = {}) {
  try {
    checked_identity(given, read, "--git-tree '/src/linux'");
  } catch (const UsageError& e) {
    EXPECT_EQ(e.status(), ExitStatus::kUsage);
    EXPECT_EQ(std::string(e.what()).find('\n'), std::string::npos) << e.what();
    return e.what();
  }
  return "";
}

TEST(KcidbCheckout, TheGivenFieldsAreTheCheckouts) {
  const CheckoutIdentity id = checked_identity({"net-next", kNetNext, "main", kCommit}, {}, "");
  const auto doc = document({testing::sample_set()}, id);
  ASSERT_EQ(doc["checkouts"].size(), 1u);
  const auto& c = doc["checkouts"][0];
  EXPECT_EQ(c["tree_name"], "net-next");
  EXPECT_EQ(c["git_repository_url"], kNetNext);
  EXPECT_EQ(c["git_repository_branch"], "main");
  EXPECT_EQ(c["git_commit_hash"], kCommit);
  EXPECT_EQ(c["comment"], "6.13.1");
  EXPECT_EQ(doc["builds"][0]["checkout_id"], c["id"]);
  // Without the options: none of the four.
  const auto plain = document({testing::sample_set()}, {})["checkouts"][0];
  for (const char* field : {"tree_name", "git_repository_url", "git_repository_branch", "git_commit_hash"})
    EXPECT_FALSE(plain.contains(field)) << field;
}

TEST(KcidbCheckout, TheIdChangesWithTheCommitAndWithNothingElse) {
  const ResultSet set = testing::sample_set();
  const auto plain = document({set}, {});
  const auto described = document({set}, checked_identity({"net-next", kNetNext, "main", ""}, {}, ""));
  const auto one = document({set}, checked_identity({"", "", "", kCommit}, {}, ""));
  const auto other = document({set}, checked_identity({"", "", "", kOther}, {}, ""));
  // A name, URL or branch describes the checkout: its id and its build's stay.
  EXPECT_EQ(described["checkouts"][0]["id"], plain["checkouts"][0]["id"]);
  EXPECT_EQ(described["builds"][0]["id"], plain["builds"][0]["id"]);
  // Another commit is another checkout, and so another build of it.
  EXPECT_NE(one["checkouts"][0]["id"], plain["checkouts"][0]["id"]);
  EXPECT_NE(one["checkouts"][0]["id"], other["checkouts"][0]["id"]);
  EXPECT_NE(one["builds"][0]["id"], other["builds"][0]["id"]);
  EXPECT_EQ(one["builds"][0]["checkout_id"], one["checkouts"][0]["id"]);
  EXPECT_EQ(one["tests"][0]["build_id"], one["builds"][0]["id"]);
  // The same commit again: the same ids (KCIDB merges, not duplicates).
  EXPECT_EQ(document({set}, checked_identity({"", "", "", kCommit}, {}, "")), one);
}

TEST(KcidbCheckout, ACommitIsOneKernelsSource) {
  ResultSet a = testing::sample_set(), b = testing::sample_set();
  b.environment["kernel"]["release"] = "6.14.0";
  const CheckoutIdentity id = checked_identity({"", "", "", kCommit}, {}, "");
  try {
    document({a, b}, id);
    ADD_FAILURE() << "two kernels' sets took one commit";
  } catch (const UsageError& e) {
    EXPECT_NE(std::string(e.what()).find("--commit (0123456789ab) is one kernel's source, and these sets are of 2 "
                                         "kernels (6.13.1, 6.14.0)"),
              std::string::npos) << e.what();
  }
  // A release that names its commit (CONFIG_LOCALVERSION_AUTO) names the only one it takes.
  a.environment["kernel"]["release"] = "6.14.0-rc1-00042-g0123456789ab";
  EXPECT_EQ(document({a}, id)["checkouts"][0]["git_commit_hash"], kCommit);
  EXPECT_THROW(document({a}, checked_identity({"", "", "", kOther}, {}, "")), UsageError);
}

TEST(KcidbCheckout, BadValuesAreRefusedInOneLineNamingTheOption) {
  EXPECT_EQ(refusal({"mainline", kNetNext, "master", kCommit}), "");
  const std::vector<std::pair<CheckoutIdentity, std::string>> cases = {
      {{"", "", "", "0123456789ab"}, "--commit '0123456789ab': expected a full commit, 40 lowercase hex digits"},
      {{"", "", "", "0123456789ABCDEF0123456789ABCDEF01234567"}, "--commit '0123456789ABCDEF"},
      {{"", "", "", kCommit + "0"}, "--commit"},
      {{"", "git@github.com:torvalds/linux.git", "", ""}, "--git-url 'git@github.com:torvalds/linux.git': expected "
                                                          "an https:// URL"},
      {{"", "http://git.kernel.org/linux.git", "", ""}, "--git-url 'http://"},
      {{"", "https://", "", ""}, "--git-url 'https://'"},
      {{"", "https://git.kernel.org/a b.git", "", ""}, "--git-url"},
      {{"", "https://ghp_hunter2@github.com/x/linux.git", "", ""}, "--git-url 'https://***@github.com/x/linux.git'"},
      {{"", "", "my branch", ""}, "--branch 'my branch'"},
      {{"net\nnext", "", "", ""}, "--tree-name 'net\\u000anext'"},
  };
  for (const auto& [given, expected] : cases) {
    const std::string why = refusal(given);
    EXPECT_NE(why.find(expected), std::string::npos) << why;
    EXPECT_EQ(why.find("hunter2"), std::string::npos) << why;
  }
}

// What a tree says fills what the options leave out, and a given value wins
// even over a tree's value KCIDB would refuse.
TEST(KcidbCheckout, GivenValuesWinOverTheTreesAndTheTreesAreChecked) {
  const CheckoutIdentity tree = {"", "git@github.com:me/linux.git", "wip", kCommit};
  const std::string why = refusal({}, tree);
  EXPECT_NE(why.find("--git-tree '/src/linux': its origin remote's URL 'git@github.com:me/linux.git' is not what "
                     "KCIDB takes"),
            std::string::npos) << why;
  EXPECT_NE(why.find("give --git-url instead"), std::string::npos) << why;
  const CheckoutIdentity id = checked_identity({"", kNetNext, "", kOther}, tree, "--git-tree '/src/linux'");
  EXPECT_EQ(id.git_url, kNetNext);
  EXPECT_EQ(id.tree_name, "net-next");  // the URL's, none given
  EXPECT_EQ(id.branch, "wip");
  EXPECT_EQ(id.commit, kOther);
  EXPECT_EQ(id.commit_source, "--commit");
  EXPECT_EQ(checked_identity({"mainline", kNetNext, "", ""}, tree, "--git-tree 'x'").commit_source,
            "the HEAD of --git-tree 'x'");
  EXPECT_EQ(checked_identity({"mainline", kNetNext, "", ""}, tree, "x").tree_name, "mainline");
}

TEST(KcidbCheckout, ATreesNameIsItsRepositorysLastPart) {
  EXPECT_EQ(tree_name_of(kNetNext), "net-next");
  EXPECT_EQ(tree_name_of("https://github.com/torvalds/linux"), "linux");
  EXPECT_EQ(tree_name_of("https://git.kernel.org/pub/scm/linux/kernel/git/tip/tip.git/"), "tip");
  EXPECT_EQ(tree_name_of("git@github.com:me/linux-sched.git"), "linux-sched");
  EXPECT_EQ(tree_name_of("https://example.org"), "");
  EXPECT_EQ(tree_name_of(""), "");
}

TEST(KcidbCheckout, ARemotesCredentialsStayInTheClone) {
  EXPECT_EQ(url_without_userinfo("https://x-access-token:hunter2@github.com/me/linux.git"),
            "https://github.com/me/linux.git");
  EXPECT_EQ(url_without_userinfo("https://tok@github.com/me/linux.git"), "https://github.com/me/linux.git");
  EXPECT_EQ(url_without_userinfo(kNetNext), kNetNext);
  EXPECT_EQ(url_without_userinfo("https://host/path@v1"), "https://host/path@v1");  // an '@' past the host
  EXPECT_EQ(url_without_userinfo("git@github.com:me/linux.git"), "git@github.com:me/linux.git");
}

}  // namespace
}  // namespace schedlab::grid
