// Unit tests for src/flows/export_checkout.cpp: the checkout `export
// --kcidb --git-tree DIR` reads from a kernel's git tree, here a scratch
// repository made with git itself.
#include "flows/export_checkout.h"

#include <gtest/gtest.h>

#include <cstdlib>
#include <fstream>

#include "core/error.h"
#include "support/skip.h"
#include "support/temp_dir.h"

namespace schedlab {
namespace {

int git(const std::string& dir, const std::string& args) {
  return std::system(("git -C " + dir + " -c user.email=t@example.invalid -c user.name=t " + args +
                      " >/dev/null 2>&1").c_str());
}

std::string head_of(const std::string& dir) {
  testing::TempDir out;
  EXPECT_EQ(std::system(("git -C " + dir + " rev-parse HEAD >" + out.file("head")).c_str()), 0);
  std::string head = out.read("head");
  if (!head.empty()) head.pop_back();
  return head;
}

// A tree on branch sched-next with one commit, its origin remote holding a token.
class ScratchTree : public ::testing::Test {
 protected:
  void SetUp() override {
    if (std::system("command -v git >/dev/null 2>&1") != 0) SCHEDLAB_SKIP(kTools) << "needs git";
    ASSERT_EQ(git(dir.path(), "init -q -b sched-next"), 0);
    dir.write("Makefile", "VERSION = 6\n");
    ASSERT_EQ(git(dir.path(), "add Makefile"), 0);
    ASSERT_EQ(git(dir.path(), "commit -qm one"), 0);
    ASSERT_EQ(git(dir.path(), "remote add origin https://tok:hunter2@git.example.org/sched/tip.git"), 0);
  }
  testing::TempDir dir;
};

TEST_F(ScratchTree, ItsHeadBranchAndRemoteAreTheCheckouts) {
  const grid::CheckoutIdentity read = read_checkout_identity(dir.path(), "--git-tree");
  EXPECT_EQ(read.commit, head_of(dir.path()));
  EXPECT_EQ(read.commit.size(), 40u);
  EXPECT_EQ(read.branch, "sched-next");
  EXPECT_EQ(read.git_url, "https://git.example.org/sched/tip.git");  // the token stays in the clone
  const grid::CheckoutIdentity id = export_checkout({}, dir.path());
  EXPECT_EQ(id.tree_name, "tip");
  EXPECT_EQ(id.commit, read.commit);
  EXPECT_EQ(id.commit_source, "the HEAD of --git-tree '" + dir.path() + "'");
}

TEST_F(ScratchTree, GivenOptionsWin) {
  const std::string commit(40, 'a');
  const grid::CheckoutIdentity id = export_checkout({"mainline", "", "master", commit}, dir.path());
  EXPECT_EQ(id.tree_name, "mainline");
  EXPECT_EQ(id.branch, "master");
  EXPECT_EQ(id.commit, commit);
  EXPECT_EQ(id.git_url, "https://git.example.org/sched/tip.git");
}

// The commit changes with the tree's HEAD; a detached HEAD is on no branch,
// and a tree without an origin remote names no repository.
TEST_F(ScratchTree, TheCommitFollowsHead) {
  const std::string first = export_checkout({}, dir.path()).commit;
  dir.write("Makefile", "VERSION = 7\n");
  ASSERT_EQ(git(dir.path(), "commit -qam two"), 0);
  EXPECT_NE(export_checkout({}, dir.path()).commit, first);
  ASSERT_EQ(git(dir.path(), "checkout -q --detach HEAD~1"), 0);
  ASSERT_EQ(git(dir.path(), "remote remove origin"), 0);
  const grid::CheckoutIdentity detached = export_checkout({}, dir.path());
  EXPECT_EQ(detached.commit, first);
  EXPECT_EQ(detached.branch, "");
  EXPECT_EQ(detached.git_url, "");
  EXPECT_EQ(detached.tree_name, "");
}

TEST_F(ScratchTree, ARemoteKcidbRefusesNamesTheTreeAndTheOptionThatReplacesIt) {
  ASSERT_EQ(git(dir.path(), "remote set-url origin git@github.com:me/linux.git"), 0);
  try {
    export_checkout({}, dir.path());
    ADD_FAILURE() << "an ssh remote became a KCIDB URL";
  } catch (const UsageError& e) {
    EXPECT_NE(std::string(e.what()).find("its origin remote's URL 'git@github.com:me/linux.git'"), std::string::npos)
        << e.what();
    EXPECT_NE(std::string(e.what()).find("give --git-url instead"), std::string::npos) << e.what();
  }
  EXPECT_EQ(export_checkout({"", "https://github.com/me/linux.git", "", ""}, dir.path()).tree_name, "linux");
}

TEST(ExportCheckout, NotATreeOrNoCommitIsBadInput) {
  testing::TempDir dir;
  EXPECT_THROW(export_checkout({}, dir.file("missing")), UsageError);
  if (std::system("command -v git >/dev/null 2>&1") != 0) SCHEDLAB_SKIP(kTools) << "needs git";
  EXPECT_THROW(export_checkout({}, dir.path()), UsageError);  // no git tree at all
  ASSERT_EQ(git(dir.path(), "init -q"), 0);
  try {
    export_checkout({}, dir.path());
    ADD_FAILURE() << "a tree without a commit gave one";
  } catch (const UsageError& e) {
    EXPECT_NE(std::string(e.what()).find("--git-tree '" + dir.path() + "'"), std::string::npos) << e.what();
  }
}

}  // namespace
}  // namespace schedlab
