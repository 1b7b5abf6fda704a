// Unit tests for src/sys/cgroup_layout.cpp against fixture mountinfo text.
#include "sys/cgroup_layout.h"

#include <gtest/gtest.h>

namespace schedlab::sys {
namespace {

constexpr const char* kHybridMounts =
    "31 23 0:28 / /sys/fs/cgroup rw,relatime - tmpfs tmpfs rw,mode=755\n"
    "32 31 0:29 / /sys/fs/cgroup/cpu,cpuacct rw,relatime - cgroup cgroup rw,cpu,cpuacct\n"
    "39 31 0:36 / /sys/fs/cgroup/pids rw,relatime - cgroup cgroup rw,pids\n"
    "40 31 0:37 / /sys/fs/cgroup/systemd rw,relatime - cgroup cgroup rw,xattr,name=systemd\n"
    "41 31 0:38 / /sys/fs/cgroup/unified rw,relatime - cgroup2 cgroup2 rw,nsdelegate\n";
constexpr const char* kHybridSelf =
    "12:pids:/user.slice\n4:cpu,cpuacct:/user.slice\n1:name=systemd:/user.slice/s\n0::/user.slice/s\n";

}  // namespace

TEST(CgroupLayout, Hybrid) {
  const auto l = parse_cgroup_layout(kHybridMounts, kHybridSelf);
  EXPECT_EQ(l.mode, CgroupMode::kHybrid);
  EXPECT_EQ(l.v2_mount, "/sys/fs/cgroup/unified");
  EXPECT_EQ(l.v1_mounts.at("cpu"), "/sys/fs/cgroup/cpu,cpuacct");
  EXPECT_EQ(l.v1_mounts.count("systemd"), 0u) << "name= hierarchies carry no controller";
  EXPECT_EQ(l.v1_dir("cpu"), "/sys/fs/cgroup/cpu,cpuacct/user.slice");
  EXPECT_EQ(l.v1_dir("pids"), "/sys/fs/cgroup/pids/user.slice");
  EXPECT_EQ(l.v2_dir(), "/sys/fs/cgroup/unified/user.slice/s");
}

TEST(CgroupLayout, PureV2) {
  const auto l = parse_cgroup_layout(
      "30 23 0:26 / /sys/fs/cgroup rw,nosuid - cgroup2 cgroup2 rw,nsdelegate,memory_recursiveprot\n",
      "0::/\n");
  EXPECT_EQ(l.mode, CgroupMode::kV2);
  EXPECT_TRUE(l.v1_mounts.empty());
  EXPECT_EQ(l.v2_dir(), "/sys/fs/cgroup");
  EXPECT_EQ(l.v1_dir("cpu"), std::nullopt);
}

TEST(CgroupLayout, PureV1AndMissingControllers) {
  const auto l = parse_cgroup_layout(
      "32 31 0:29 / /sys/fs/cgroup/memory rw - cgroup cgroup rw,memory\n", "3:memory:/a\n");
  EXPECT_EQ(l.mode, CgroupMode::kV1);
  EXPECT_EQ(l.v2_mount, std::nullopt);
  EXPECT_EQ(l.v1_dir("cpu"), std::nullopt) << "no cpu hierarchy mounted";
  EXPECT_EQ(l.v1_dir("memory"), "/sys/fs/cgroup/memory/a");
}

TEST(CgroupLayout, NothingMounted) {
  EXPECT_EQ(parse_cgroup_layout("", "").mode, CgroupMode::kNone);
}

TEST(CgroupLayout, FindsDebugfsAndDepth) {
  EXPECT_EQ(find_mount("22 1 0:7 / /sys/kernel/debug rw - debugfs debugfs rw\n", "debugfs"),
            "/sys/kernel/debug");
  EXPECT_EQ(find_mount(kHybridMounts, "debugfs"), std::nullopt);
  EXPECT_EQ(cgroup_depth("/"), 0);
  EXPECT_EQ(cgroup_depth("/schedlab-1/l2/l3"), 3);
}

}  // namespace schedlab::sys
