// sys/mount_lease: the last live user unmounts, never the first to leave;
// a mount that was there before is never unmounted.  A tmpfs stands in for
// tracefs and debugfs.
#include <gtest/gtest.h>
#include <fmt/format.h>
#include <signal.h>
#include <sys/mount.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <filesystem>
#include <fstream>

#include "support/skip.h"
#include "support/temp_dir.h"
#include "sys/cgroup_layout.h"
#include "sys/mount_lease.h"
#include "sys/proc_files.h"

namespace schedlab {
namespace {

using testing::TempDir;

bool mounted(const std::string& point) {
  const auto points = sys::find_mounts(sys::read_text("/proc/self/mountinfo").value_or(""), "tmpfs");
  return std::find(points.begin(), points.end(), point) != points.end();
}

// Another live process registered as a user of the lease, as another run
// would be; killed and reaped by its destructor.
class OtherUser {
 public:
  explicit OtherUser(const std::string& lease) {
    pid_ = fork();
    if (pid_ == 0) {
      pause();
      _exit(0);
    }
    std::ofstream(fmt::format("{}/{}-{}", lease, pid_, sys::start_time_of(pid_).value_or(0)));
  }
  ~OtherUser() { end(); }
  void end() {
    if (pid_ <= 0) return;
    kill(pid_, SIGKILL);
    waitpid(pid_, nullptr, 0);
    pid_ = -1;
  }

 private:
  pid_t pid_ = -1;
};

class MountLeaseTest : public ::testing::Test {
 protected:
  void SetUp() override {
    if (geteuid() != 0) SCHEDLAB_SKIP(kRoot) << "needs root to mount";
    std::filesystem::create_directory(point_);
  }
  void TearDown() override {
    if (mounted(point_)) umount(point_.c_str());
  }
  TempDir dir_;
  std::string point_ = dir_.file("mnt");
  sys::MountLease lease_{dir_.file("leases"), "tmpfs", point_};
};

TEST_F(MountLeaseTest, TheOnlyUserMountsAndUnmounts) {
  EXPECT_EQ(sys::acquire_mount_lease(lease_), "");
  EXPECT_TRUE(mounted(point_));
  EXPECT_EQ(sys::release_mount_lease(lease_), "");
  EXPECT_FALSE(mounted(point_));
  EXPECT_FALSE(std::filesystem::exists(dir_.file("leases"))) << "no lease is left behind";
}

TEST_F(MountLeaseTest, TheFirstToLeaveKeepsTheMountForTheOtherAndTheLastUnmounts) {
  ASSERT_EQ(sys::acquire_mount_lease(lease_), "");
  OtherUser other(sys::lease_dir(lease_.leases, point_));
  EXPECT_EQ(sys::release_mount_lease(lease_), "");
  EXPECT_TRUE(mounted(point_)) << "another live run still uses it";
  other.end();  // the other run dies (SIGKILL): restore releases for it
  EXPECT_EQ(sys::release_mount_lease(lease_), "");
  EXPECT_FALSE(mounted(point_)) << "the last user gone, what schedlab mounted is unmounted";
}

TEST_F(MountLeaseTest, AMountThatWasThereIsNeverUnmounted) {
  ASSERT_EQ(mount("tmpfs", point_.c_str(), "tmpfs", 0, nullptr), 0);
  EXPECT_EQ(sys::acquire_mount_lease(lease_), "");
  EXPECT_EQ(sys::release_mount_lease(lease_), "");
  EXPECT_TRUE(mounted(point_));
}

}  // namespace
}  // namespace schedlab
