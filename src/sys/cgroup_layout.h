#pragma once
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace schedlab::sys {

enum class CgroupMode { kV1, kV2, kHybrid, kNone };
const char* to_string(CgroupMode mode);

// How cgroups are mounted and where a process sits in them.  Parsed from
// mountinfo and /proc/PID/cgroup text, so tests can describe any host (pure
// v1, pure v2, hybrid, missing controllers) with fixture text.
struct CgroupLayout {
  CgroupMode mode = CgroupMode::kNone;
  std::optional<std::string> v2_mount;             // cgroup2 mount point
  std::map<std::string, std::string> v1_mounts;    // controller -> mount point
  std::optional<std::string> v2_path;              // the process's path in v2 ("/a/b")
  std::map<std::string, std::string> v1_paths;     // controller -> the process's path

  // Directory of the process's cgroup for a v1 controller, or nullopt.
  std::optional<std::string> v1_dir(const std::string& controller) const;
  // Directory of the process's v2 cgroup, or nullopt.
  std::optional<std::string> v2_dir() const;
};

// Parses /proc/PID/mountinfo and /proc/PID/cgroup text.
CgroupLayout parse_cgroup_layout(const std::string& mountinfo, const std::string& proc_cgroup);

// The layout of the calling process (pid 0) or of `pid`; mode kNone when the
// files cannot be read.
CgroupLayout read_cgroup_layout(int pid = 0);

// Mount point of the first filesystem of `fstype` ("debugfs") in mountinfo text.
std::optional<std::string> find_mount(const std::string& mountinfo, const std::string& fstype);
// Every mount point of `fstype`, in mountinfo order.
std::vector<std::string> find_mounts(const std::string& mountinfo, const std::string& fstype);

// Number of levels below the root ("/" is 0, "/a/b" is 2).
int cgroup_depth(const std::string& path);

}  // namespace schedlab::sys
