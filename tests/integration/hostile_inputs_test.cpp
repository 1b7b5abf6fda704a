// The audit's cases that are not about output paths or the store: a
// squatted journal directory, a baseline that overflows, a kernel image
// someone else owns or whose version string is not text, a cut journal.
#include <gtest/gtest.h>
#include <sys/stat.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>

#include "integration/harness.h"
#include "store/result_file.h"
#include "support/synthetic_sets.h"
#include "support/skip.h"

namespace schedlab::testing {
namespace {

namespace fs = std::filesystem;


std::vector<std::string> scratch_dirs_of(uid_t uid) {
  std::vector<std::string> found;
  for (const auto& entry : fs::directory_iterator("/tmp")) {
    struct stat st {};
    if (entry.path().filename().string().rfind("schedlab-", 0) == 0 && lstat(entry.path().c_str(), &st) == 0 &&
        st.st_uid == uid)
      found.push_back(entry.path());
  }
  return found;
}

}  // namespace

// Anyone can make /tmp/schedlab-<uid> first; a user's runs must not depend
// on a directory others can make.
TEST(HostileInputs, ASquattedTmpDirectoryDoesNotStopAnotherUsersRuns) {
  if (!can_switch_user())
    SCHEDLAB_SKIP(kNobody) << "needs root, setpriv and a build tree user nobody can read";
  TempDir home;
  chown(home.path().c_str(), kNobodyUid, kNobodyUid);
  const std::string squat = "/tmp/schedlab-" + std::to_string(kNobodyUid);
  const bool made = mkdir(squat.c_str(), 0700) == 0;  // by root: not nobody's
  const std::vector<std::string> nobody = {"env", "-u", "XDG_RUNTIME_DIR", "HOME=" + home.path(),
                                              "setpriv", "--reuid=65534", "--regid=65534", "--clear-groups"};
  const auto before = scratch_dirs_of(kNobodyUid);
  const Outcome run = run_schedlab({"run", "shell", "--runs", "1", "--concurrent", "1", "--duration", "1s",
                                   "--no-store"},
                                  nobody);
  const Outcome list = run_schedlab({"list"}, nobody);
  if (made) rmdir(squat.c_str());
  EXPECT_EQ(run.status, 0) << run.err;
  EXPECT_EQ(list.status, 0) << list.err;
  EXPECT_EQ(scratch_dirs_of(kNobodyUid), before) << "nothing is left in /tmp";
  EXPECT_TRUE(fs::is_directory(home.file(".local/state/schedlab"))) << "the journal directory is in the user's home";
}

TEST(HostileInputs, ABaselineThatOverflowsIsBadInputBeforeAnyRun) {
  TempDir dir;
  ResultFile file{"2026-11-30T00:00:00Z", {synthetic_set({.mean = 1e308, .sigma = 1e300})}};
  write_result_file(dir.file("huge.json"), file);
  const Outcome o = run_schedlab({"check", "--baseline", dir.file("huge.json"), "--no-store"});
  EXPECT_EQ(o.status, 255) << o.out << o.err;
  EXPECT_NE(o.err.find("cannot be compared with"), std::string::npos) << o.err;
  EXPECT_EQ(o.out.find("bad"), std::string::npos) << "no verdict: " << o.out;
}

TEST(HostileInputs, AKernelImageOfAnotherUserIsRefusedUnlessTrusted) {
  if (geteuid() != 0) SCHEDLAB_SKIP(kRoot) << "needs root to give a file to another user";
  TempDir dir;
  const std::string image = dir.write("vmlinuz", std::string(4096, '\0'));
  ASSERT_EQ(chown(image.c_str(), kNobodyUid, kNobodyUid), 0);
  const Outcome o = run_schedlab({"kernels", "--kernel", image, "--", "run", "spawn"});
  EXPECT_EQ(o.status, 2) << o.err;
  EXPECT_NE(o.err.find("owned by root or by you"), std::string::npos) << o.err;
  EXPECT_NE(o.err.find("--trust-kernel"), std::string::npos) << o.err;
  const Outcome trusted = run_schedlab({"kernels", "--kernel", image, "--trust-kernel", "--", "run", "spawn"});
  EXPECT_EQ(trusted.err.find("owned by root or by you"), std::string::npos) << "trusted, it is looked at: "
                                                                            << trusted.err;
  const Outcome dir_given = run_schedlab({"kernels", "--kernel", dir.path(), "--", "run", "spawn"});
  EXPECT_EQ(dir_given.status, 2);
  EXPECT_NE(dir_given.err.find("this is a directory"), std::string::npos) << dir_given.err;
}

}  // namespace schedlab::testing
