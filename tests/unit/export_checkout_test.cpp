// Unit tests for src/flows/export_checkout.cpp: the checkout `export
// --kcidb --git-tree DIR` reads from a kernel's git tree, here a scratch
// repository made with git itself.
#include "flows/export_checkout.h"

#include <gtest/gtest.h>


#include "core/error.h"
#include "support/scratch_git.h"
#include "support/skip.h"
#include "support/temp_dir.h"

namespace schedlab {
namespace {

using testing::scratch_git;

// A tree on branch sched-next with one commit, its origin remote holding a token.
class KcidbGitTree : public ::testing::Test {
 protected:
  void SetUp() override {
    if (!testing::have_git()) SCHEDLAB_SKIP(kTools) << "needs git";
    scratch_git(dir.path(), "init -q -b sched-next");
    dir.write("Makefile", "VERSION = 6\n");
    scratch_git(dir.path(), "add Makefile");
    scratch_git(dir.path(), "commit -qm one");
    scratch_git(dir.path(), "remote add origin https://tok:hunter2@git.example.org/sched/tip.git");
  }
  testing::TempDir dir;
};

TEST_F(KcidbGitTree, ItsHeadBranchAndRemoteAreTheCheckouts) {
  const grid::CheckoutIdentity read = read_checkout_identity(dir.path(), "--git-tree");
  EXPECT_EQ(read.commit, scratch_git(dir.path(), "rev-parse HEAD"));
  EXPECT_EQ(read.commit.size(), 40u);
  EXPECT_EQ(read.branch, "sched-next");
  EXPECT_EQ(read.git_url, "https://git.example.org/sched/tip.git");  // the token stays in the clone
  const grid::CheckoutIdentity id = export_checkout({}, dir.path());
  EXPECT_EQ(id.tree_name, "tip");
  EXPECT_EQ(id.commit, read.commit);
  EXPECT_EQ(id.commit_source, "the HEAD of --git-tree '" + dir.path() + "'");
}

TEST_F(KcidbGitTree, GivenOptionsWin) {
  const std::string commit(40, 'a');
  const grid::CheckoutIdentity id = export_checkout({"mainline", "", "master", commit}, dir.path());
  EXPECT_EQ(id.tree_name, "mainline");
  EXPECT_EQ(id.branch, "master");
  EXPECT_EQ(id.commit, commit);
  EXPECT_EQ(id.git_url, "https://git.example.org/sched/tip.git");
}

// The commit changes with the tree's HEAD; a detached HEAD is on no branch,
// and a tree without an origin remote names no repository.
TEST_F(KcidbGitTree, TheCommitFollowsHead) {
  const std::string first = export_checkout({}, dir.path()).commit;
  dir.write("Makefile", "VERSION = 7\n");
  scratch_git(dir.path(), "commit -qam two");
  EXPECT_NE(export_checkout({}, dir.path()).commit, first);
  scratch_git(dir.path(), "checkout -q --detach HEAD~1");
  scratch_git(dir.path(), "remote remove origin");
  const grid::CheckoutIdentity detached = export_checkout({}, dir.path());
  EXPECT_EQ(detached.commit, first);
  EXPECT_EQ(detached.branch, "");
  EXPECT_EQ(detached.git_url, "");
  EXPECT_EQ(detached.tree_name, "");
}

TEST_F(KcidbGitTree, ARemoteKcidbRefusesNamesTheTreeAndTheOptionThatReplacesIt) {
  scratch_git(dir.path(), "remote set-url origin git@github.com:me/linux.git");
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
  if (!testing::have_git()) SCHEDLAB_SKIP(kTools) << "needs git";
  EXPECT_THROW(export_checkout({}, dir.path()), UsageError);  // no git tree at all
  scratch_git(dir.path(), "init -q");
  try {
    export_checkout({}, dir.path());
    ADD_FAILURE() << "a tree without a commit gave one";
  } catch (const UsageError& e) {
    EXPECT_NE(std::string(e.what()).find("--git-tree '" + dir.path() + "'"), std::string::npos) << e.what();
  }
}

}  // namespace
}  // namespace schedlab
