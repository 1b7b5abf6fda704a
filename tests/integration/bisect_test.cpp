// schedlab bisect: bad input refused with one line and exit 2 before
// anything in the tree changes (no checkout, no bisect started, no state
// file).  The driver's run over a real three-commit history with prebuilt
// kernels is in kernels_test.cpp (it needs a guest kernel).
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <fstream>

#include "integration/harness.h"

namespace schedlab::testing {
namespace {

namespace fs = std::filesystem;

std::string git(const std::string& dir, const std::string& args) {
  const std::string out = dir + "/.git-out";
  const int rc = std::system(("git -C " + dir + " " + args + " > " + out + " 2>&1").c_str());
  std::string text = slurp(out);
  fs::remove(out);
  EXPECT_EQ(rc, 0) << "git " << args << ": " << text;
  while (!text.empty() && text.back() == '\n') text.pop_back();
  return text;
}

// A tree of three commits, each with a file naming "its kernel".
class BisectInput : public ::testing::Test {
 protected:
  void SetUp() override {
    tree_ = dir_.file("tree");
    fs::create_directories(tree_);
    git(tree_, "init -q -b main");
    git(tree_, "config user.email t@example.org");
    git(tree_, "config user.name T");
    for (int i = 0; i < 3; ++i) {
      std::ofstream(tree_ + "/kernel-path") << "commit " << i << "\n";
      git(tree_, "add kernel-path");
      git(tree_, "commit -q -m c" + std::to_string(i));
      commits_.push_back(git(tree_, "rev-parse HEAD"));
    }
  }
  // The tree as it was: same HEAD (the branch), clean, no bisect.
  void expect_untouched() {
    EXPECT_EQ(git(tree_, "symbolic-ref HEAD"), "refs/heads/main");
    EXPECT_EQ(git(tree_, "rev-parse HEAD"), commits_.back());
    EXPECT_FALSE(fs::exists(tree_ + "/.git/BISECT_START"));
    EXPECT_FALSE(fs::exists(tree_ + "/.git/schedlab-bisect.json"));
  }
  TempDir dir_;
  std::string tree_;
  std::vector<std::string> commits_;
};

TEST_F(BisectInput, BadInputIsOneLineExit2AndTheTreeUntouched) {
  const std::vector<std::string> spec = {"--", "run", "spawn", "--duration", "200ms", "--runs", "2"};
  const std::string build = "cat kernel-path";
  const std::vector<std::vector<std::string>> cases = {
      {"--tree", dir_.file("nowhere"), "--good", "HEAD~2", "--bad", "HEAD", "--build-cmd", build},
      {"--tree", dir_.path(), "--good", "HEAD~2", "--bad", "HEAD", "--build-cmd", build},  // not a git tree
      {"--tree", tree_, "--good", "v9.99", "--bad", "HEAD", "--build-cmd", build},
      {"--tree", tree_, "--good", "HEAD", "--bad", "HEAD~2", "--build-cmd", build},      // good not an ancestor
      {"--tree", tree_, "--good", "HEAD", "--bad", "HEAD", "--build-cmd", build},
      {"--tree", tree_, "--bad", "HEAD", "--build-cmd", build},
      {"--tree", tree_, "--good", "HEAD~2", "--bad", "HEAD", "--build-cmd", build, "--config", "/etc/hostname"},
      {"--tree", tree_, "--good", "HEAD~2", "--bad", "HEAD", "--build-cmd", build, "--threshold", "0"},
      {"--tree", tree_, "--good", "HEAD~2", "--bad", "HEAD", "--build-cmd", build, "--max-boots", "1"},
      {"--tree", tree_, "--good", "HEAD~2", "--bad", "HEAD", "--build-cmd", build, "--jobs", "x"},
      {"--tree", tree_, "--resume"},
  };
  for (const auto& c : cases) {
    std::vector<std::string> args = {"bisect"};
    args.insert(args.end(), c.begin(), c.end());
    if (std::find(c.begin(), c.end(), "--resume") == c.end()) args.insert(args.end(), spec.begin(), spec.end());
    const auto o = run_schedlab(args);
    EXPECT_EQ(o.status, 2) << o.err;
    EXPECT_EQ(std::count(o.err.begin(), o.err.end(), '\n'), 1) << o.err;
    expect_untouched();
  }
  // No spec, a spec a guest cannot run, a dirty tree.
  for (const auto& tail : std::vector<std::vector<std::string>>{{}, {"--", "run", "nosuch"}, {"--", "spawn"}}) {
    std::vector<std::string> args = {"bisect", "--tree", tree_, "--good", "HEAD~2", "--bad", "HEAD", "--build-cmd", build};
    args.insert(args.end(), tail.begin(), tail.end());
    const auto o = run_schedlab(args);
    EXPECT_EQ(o.status, 2) << o.err;
    expect_untouched();
  }
  std::ofstream(tree_ + "/kernel-path") << "edited\n";
  std::vector<std::string> args = {"bisect", "--tree", tree_, "--good", "HEAD~2", "--bad", "HEAD", "--build-cmd", build};
  args.insert(args.end(), spec.begin(), spec.end());
  const auto dirty = run_schedlab(args);
  EXPECT_EQ(dirty.status, 2) << dirty.err;
  EXPECT_NE(dirty.err.find("clean"), std::string::npos) << dirty.err;
  EXPECT_FALSE(fs::exists(tree_ + "/.git/BISECT_START"));
}

TEST_F(BisectInput, ADryRunSaysWhatItWouldDoAndChangesNothing) {
  const auto o = run_schedlab({"--dry-run", "bisect", "--tree", tree_, "--good", "HEAD~2", "--bad", "HEAD",
                               "--build-cmd", "cat kernel-path", "--", "run", "spawn", "--runs", "2"});
  EXPECT_EQ(o.status, 0) << o.err;
  EXPECT_NE(o.out.find("would bisect"), std::string::npos) << o.out;
  expect_untouched();
}

}  // namespace
}  // namespace schedlab::testing
