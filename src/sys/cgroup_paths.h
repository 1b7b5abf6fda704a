#pragma once
#include <optional>
#include <string>

namespace schedlab::sys {

enum class CgroupMode { kV1, kV2, kHybrid, kNone };
const char* to_string(CgroupMode mode);

// How cgroups are mounted: pure v2 at /sys/fs/cgroup, hybrid (v1
// controllers plus v2 at /sys/fs/cgroup/unified) or v1 only.
CgroupMode cgroup_mode();

// Mount point of the v2 hierarchy, when there is one.
std::optional<std::string> cgroup2_mount();

// This process's path in the v2 hierarchy ("/user.slice/..."), from
// /proc/self/cgroup; nullopt when there is no v2 line.
std::optional<std::string> self_cgroup2_path();

// This process's path in the v1 hierarchy holding `controller` ("cpu",
// "pids"), and that hierarchy's mount point.
struct V1Location {
  std::string mount;
  std::string path;
};
std::optional<V1Location> self_cgroup_v1(const std::string& controller);

// Number of levels below the root ("/" is 0, "/a/b" is 2).
int cgroup_depth(const std::string& path);

}  // namespace schedlab::sys
