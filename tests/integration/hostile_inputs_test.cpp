// The audit's cases that are not about output paths or the store: a
// squatted journal directory, a baseline that overflows, a kernel image
// someone else owns or whose version string is not text, a cut journal.
#include <gtest/gtest.h>
#include <sys/stat.h>
#include <unistd.h>

#include <fmt/format.h>

#include <algorithm>
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
  EXPECT_NE(o.err.find("is not a number from -1e+15 to 1e+15"), std::string::npos) << o.err;
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

// Issue 30, defect 7: values near 1e100 made compare exit 70 and a
// baseline exit 125 through a Boost error.  A result file's numbers are
// checked against the field's range as the file is read.
TEST(HostileInputs, HugeValuesInAResultFileAreOneLineOfBadInput) {
  TempDir dir;
  for (const double huge : {1e100, 1e300, 1.7e308}) {
    ResultFile file{"2026-11-30T00:00:00Z", {synthetic_set({.mean = huge, .sigma = huge / 100})}};
    write_result_file(dir.file("huge.json"), file);
    write_result_file(dir.file("fine.json"), ResultFile{"2026-11-30T00:00:00Z", {synthetic_set({})}});
    for (const auto& [args, status] :
         std::vector<std::pair<std::vector<std::string>, int>>{
             {{"compare", dir.file("fine.json"), dir.file("huge.json")}, 2},
             {{"check", "--baseline", dir.file("huge.json"), "--no-store"}, 255}}) {
      const Outcome o = run_schedlab(args);
      EXPECT_EQ(o.status, status) << huge << ": " << o.err;
      EXPECT_EQ(std::count(o.err.begin(), o.err.end(), '\n'), 1) << "one line: " << o.err;
      EXPECT_NE(o.err.find("is not a number from"), std::string::npos) << o.err;
    }
  }
}

// Issue 30, defect 4: --add followed a symlink (a 0600 root-only file ended
// up 0644 in the ramdisk), hung on a FIFO, died of bad_alloc on /dev/zero
// and took a second /init.  Each is one line, exit 2, and no ramdisk.
TEST(HostileInputs, ARamdiskTakesOnlyRegularFilesOnceEach) {
  TempDir dir;
  const std::string secret = dir.write("secret", "root only\n");
  chmod(secret.c_str(), 0600);
  ASSERT_EQ(symlink(secret.c_str(), dir.file("link").c_str()), 0);
  ASSERT_EQ(mkfifo(dir.file("fifo").c_str(), 0600), 0);
  const std::vector<std::pair<std::string, std::string>> cases = {
      {dir.file("link") + ":/root/x", "a symlink"},
      {dir.file("fifo") + ":/root/x", "a FIFO, not a regular file"},
      {"/dev/zero:/root/x", "a device, not a regular file"},
      {secret + ":/init", "a DEST not already in the ramdisk"},
  };
  for (const auto& [add, expected] : cases) {
    const Outcome o = run_schedlab({"lava", "ramdisk", "-o", dir.file("r.cpio.gz"), "--add", add});
    if (o.err.find("busybox-static") != std::string::npos)  // "apt-get install busybox-static"
      SCHEDLAB_SKIP(kGuest) << "needs a static busybox: " << o.err;
    EXPECT_EQ(o.status, 2) << add << ": " << o.err;
    EXPECT_NE(o.err.find(expected), std::string::npos) << add << ": " << o.err;
    EXPECT_EQ(std::count(o.err.begin(), o.err.end(), '\n'), 1) << "one line: " << o.err;
    EXPECT_FALSE(fs::exists(dir.file("r.cpio.gz")));
  }
}

// Issue 30, defect 6: a 1 KB alias bomb in a --template took 3 GB and 23 s,
// then exit 70.  It is counted before it is built: one line, exit 2.
TEST(HostileInputs, AYamlAliasBombTemplateIsRefusedAtOnce) {
  TempDir dir;
  std::string bomb = "device_type: qemu\ncontext: {a: &a [x, x, x, x, x, x, x, x, x, x]";
  for (char c = 'b'; c <= 'i'; ++c)
    bomb += fmt::format(", {0}: &{0} [*{1}, *{1}, *{1}, *{1}, *{1}, *{1}, *{1}, *{1}, *{1}, *{1}]", c,
                        static_cast<char>(c - 1));
  bomb += "}\ndeploy: {to: tmpfs, images: {kernel: {url: $kernel_url}}, x: *i}\nboot: {method: qemu}\n";
  const Outcome o = run_schedlab({"lava", "job", "--kernel", "good=http://lab/good/bzImage", "--ramdisk",
                                  "http://lab/r.cpio.gz", "--template", dir.write("bomb.yaml", bomb), "--", "run",
                                  "spawn"});
  EXPECT_EQ(o.status, 2) << o.err;
  EXPECT_NE(o.err.find("more than 100000 YAML nodes"), std::string::npos) << o.err;
  EXPECT_EQ(std::count(o.err.begin(), o.err.end(), '\n'), 1) << "one line: " << o.err;
  EXPECT_EQ(o.out, "");
}

// A baseline's guest.append becomes the guest kernel's command line: it
// may not replace schedlab's /init, nor carry control characters.
TEST(HostileInputs, ABaselinesGuestAppendIsVetted) {
  TempDir dir;
  ResultSet set = synthetic_set({});
  set.guest = {{"vcpus", 2}, {"memory_mib", 2048}, {"append", "quiet init=/bin/sh"}};
  write_result_file(dir.file("b.json"), ResultFile{"2026-11-30T00:00:00Z", {set}});
  const std::string image = dir.write("vmlinuz", std::string(4096, '\0'));
  const Outcome o = run_schedlab({"check", "--baseline", dir.file("b.json"), "--kernel", image, "--no-store"});
  EXPECT_EQ(o.status, 255) << o.err;
  EXPECT_NE(o.err.find("guest.append"), std::string::npos) << o.err;
}

}  // namespace schedlab::testing
