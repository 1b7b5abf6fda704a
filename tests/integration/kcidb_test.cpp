// `schedlab export --kcidb` with the checkout's identity: --tree-name,
// --git-url, --branch, --commit and --git-tree (a scratch git repository
// made here), every document checked against KCIDB's JSON schema
// (tests/fixtures/kcidb, kcidb-io v5.3) under python3-jsonschema.
#include <gtest/gtest.h>

#include <algorithm>

#include "integration/grid_support.h"
#include "integration/harness.h"
#include "support/scratch_git.h"

namespace schedlab::testing {
namespace {

const std::string kSchema = std::string(SCHEDLAB_SOURCE_DIR) + "/tests/fixtures/kcidb/kcidb-io.schema.v5.3.json";
const std::string kCommit = "0123456789abcdef0123456789abcdef01234567";

// One stored set labelled "base" in `db`.
void record_a_set(const std::string& db) {
  const Outcome o = run_schedlab({"run", "spawn", "--duration", "200ms", "--runs", "2", "--label", "base", "--store", db});
  ASSERT_EQ(o.status, 0) << o.err;
}

nlohmann::json export_with(const TempDir& dir, const std::string& db, std::vector<std::string> options) {
  std::vector<std::string> args = {"export", "--kcidb", "--origin", "schedlab_test", "@label=base", "--store", db,
                                   "--json", dir.file("kcidb.json"), "--force"};
  args.insert(args.end(), options.begin(), options.end());
  const Outcome o = run_schedlab(args);
  EXPECT_EQ(o.status, 0) << o.err;
  return read_json(dir.file("kcidb.json"));
}

TEST(Kcidb, ACheckoutFromAGitTreeValidatesWithKcidbsSchema) {
  if (!have_git()) SCHEDLAB_SKIP(kTools) << "needs git";
  TempDir dir, tree;
  const std::string db = dir.file("r.db");
  record_a_set(db);
  scratch_git(tree.path(), "init -q -b sched-core");
  tree.write("Makefile", "VERSION = 6\n");
  scratch_git(tree.path(), "add Makefile");
  scratch_git(tree.path(), "commit -qm one");
  scratch_git(tree.path(), "remote add origin https://tok@git.example.org/pub/tip.git");

  const auto doc = export_with(dir, db, {"--git-tree", tree.path(), "--tree-name", "tip-sched"});
  ASSERT_EQ(doc["checkouts"].size(), 1u);
  const auto& c = doc["checkouts"][0];
  EXPECT_EQ(c["tree_name"], "tip-sched");  // given: wins over the remote's "tip"
  EXPECT_EQ(c["git_repository_url"], "https://git.example.org/pub/tip.git");
  EXPECT_EQ(c["git_repository_branch"], "sched-core");
  EXPECT_EQ(c["git_commit_hash"].get<std::string>().size(), 40u);
  std::string out;
  const int status = run_program({"/usr/bin/python3", grid_script("validate_kcidb.py"), kSchema,
                                  dir.file("kcidb.json")}, &out);
  SKIP_WITHOUT_VALIDATOR(status, out, "python3-jsonschema");
  EXPECT_EQ(status, 0) << out;

  // Another commit on the tree: another checkout and build; the test the same set.
  tree.write("Makefile", "VERSION = 7\n");
  scratch_git(tree.path(), "commit -qam two");
  const auto next = export_with(dir, db, {"--git-tree", tree.path()});
  EXPECT_NE(next["checkouts"][0]["git_commit_hash"], c["git_commit_hash"]);
  EXPECT_NE(next["checkouts"][0]["id"], c["id"]);
  EXPECT_NE(next["builds"][0]["id"], doc["builds"][0]["id"]);
  EXPECT_EQ(next["checkouts"][0]["tree_name"], "tip");
  EXPECT_EQ(next["tests"][0]["id"], doc["tests"][0]["id"]);
  // Without a commit the ids are the ones exported before these options existed.
  const auto plain = export_with(dir, db, {"--tree-name", "mainline", "--branch", "master"});
  EXPECT_FALSE(plain["checkouts"][0].contains("git_commit_hash"));
  EXPECT_EQ(plain["checkouts"][0]["id"], export_with(dir, db, {})["checkouts"][0]["id"]);
}

TEST(Kcidb, GivenCheckoutOptionsValidateWithKcidbsSchema) {
  TempDir dir;
  const std::string db = dir.file("r.db");
  record_a_set(db);
  const auto doc = export_with(dir, db, {"--tree-name", "mainline", "--git-url",
                                         "https://git.kernel.org/pub/scm/linux/kernel/git/torvalds/linux.git",
                                         "--branch", "master", "--commit", kCommit});
  EXPECT_EQ(doc["checkouts"][0]["git_commit_hash"], kCommit);
  std::string out;
  const int status = run_program({"/usr/bin/python3", grid_script("validate_kcidb.py"), kSchema,
                                  dir.file("kcidb.json")}, &out);
  SKIP_WITHOUT_VALIDATOR(status, out, "python3-jsonschema");
  EXPECT_EQ(status, 0) << out;
}

TEST(Kcidb, BadCheckoutValuesAreOneLineAndExit2) {
  TempDir dir;
  const std::vector<std::string> kcidb = {"export", "--kcidb", "--origin", "o", "--store", dir.file("r.db"), "1"};
  const std::vector<std::pair<std::vector<std::string>, std::string>> cases = {
      {{"--commit", "0123456"}, "--commit '0123456': expected a full commit, 40 lowercase hex digits"},
      {{"--git-url", "git@github.com:me/linux.git"}, "--git-url 'git@github.com:me/linux.git'"},
      {{"--git-url", "https://u:hunter2@github.com/me/linux.git"}, "without a user or password"},
      {{"--branch", "a b"}, "--branch 'a b'"},
      {{"--git-tree", dir.file("none")}, "--git-tree '" + dir.file("none") + "'"},
      {{"--git-tree", dir.path()}, "a git work tree"},
  };
  for (const auto& [options, expected] : cases) {
    std::vector<std::string> args = kcidb;
    args.insert(args.end(), options.begin(), options.end());
    const Outcome o = run_schedlab(args);
    EXPECT_EQ(o.status, 2) << options.back() << ": " << o.err;
    EXPECT_NE(o.err.find(expected), std::string::npos) << o.err;
    EXPECT_EQ(std::count(o.err.begin(), o.err.end(), '\n'), 1) << o.err;
    EXPECT_EQ(o.err.find("hunter2"), std::string::npos) << o.err;
  }
  // A checkout's option without --kcidb describes nothing.
  const Outcome o = run_schedlab({"export", "--commit", kCommit, "--store", dir.file("r.db"), "1"});
  EXPECT_EQ(o.status, 2) << o.err;
  EXPECT_NE(o.err.find("--commit describes a KCIDB checkout: only with --kcidb"), std::string::npos) << o.err;
}

}  // namespace
}  // namespace schedlab::testing
