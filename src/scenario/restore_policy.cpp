#include "scenario/restore_policy.h"

#include <fmt/format.h>

#include <algorithm>
#include <filesystem>
#include <regex>

#include "sys/cgroup_layout.h"
#include "sys/tracefs_mount.h"

namespace schedlab {
namespace {

namespace fs = std::filesystem;

// Absolute, normalised, no "..": what a path we wrote looks like.
bool plain_path(const std::string& path) {
  return !path.empty() && path[0] == '/' && path.find('\0') == std::string::npos &&
         fs::path(path).lexically_normal().string() == path && path.find("/..") == std::string::npos;
}

bool below(const std::string& path, const std::string& root) {
  return path.size() > root.size() + 1 && path.compare(0, root.size(), root) == 0 &&
         (root == "/" || path[root.size()] == '/');
}

bool below_any(const std::string& path, const std::vector<std::string>& roots) {
  for (const auto& r : roots)
    if (below(path, r)) return true;
  return false;
}

const std::string* root_of(const std::string& path, const std::vector<std::string>& roots) {
  for (const auto& r : roots)
    if (below(path, r)) return &r;
  return nullptr;
}

// Inside a cgroup mount, at or below a `schedlab-<pid>` level.
bool ours_cgroup(const std::string& path, const RestoreRoots& r) {
  const std::string* mount = root_of(path, r.cgroup_mounts);
  if (!mount) return false;
  static const std::regex chain("schedlab-[0-9]+");
  for (const auto& part : fs::path(path.substr(mount->size())))
    if (std::regex_match(part.string(), chain)) return true;
  return false;
}

bool ours_write(const std::string& path, const RestoreRoots& r) {
  if (below(path, r.proc_sys)) return true;
  const std::string name = fs::path(path).filename();
  if (name == "cgroup.subtree_control" && below_any(path, r.cgroup_mounts)) return true;
  if (name == "cgroup.pressure" && ours_cgroup(fs::path(path).parent_path(), r)) return true;
  for (const auto& d : r.debugfs_mounts)
    if (path == d + "/sched/features" || path == d + "/sched_features") return true;
  return false;
}

// make_scratch_dir's names: PREFIX-PID-XXXXXX with PREFIX schedlab-WORD.
bool ours_tree(const std::string& path) {
  static const std::regex scratch("schedlab-[a-z]+-[0-9]+-[A-Za-z0-9]{6}");
  const fs::path p(path);
  return std::regex_match(p.filename().string(), scratch) && p.parent_path() != "/";
}

// A tracefs instance named as the sched-trace probe names them, in a
// tracefs mount or at the kernel's mount point for it, where the probe
// mounts tracefs: it may have been unmounted since (the instance outlives
// the mount; restore mounts it again to remove it, scenario/undo_mounts.h).
bool ours_instance(const std::string& path, const RestoreRoots& r) {
  static const std::regex instance("schedlab-[0-9]+-[0-9]+");
  const fs::path p(path);
  if (!std::regex_match(p.filename().string(), instance)) return false;
  if (p.parent_path() == fs::path(sys::kTracefsMountPoint) / "instances") return true;
  for (const auto& mount : r.tracefs_mounts)
    if (p.parent_path() == fs::path(mount) / "instances") return true;
  return false;
}

}  // namespace

RestoreRoots restore_roots(const std::string& mountinfo) {
  RestoreRoots r;
  r.cgroup_mounts = sys::find_mounts(mountinfo, "cgroup2");
  for (auto& m : sys::find_mounts(mountinfo, "cgroup")) r.cgroup_mounts.push_back(m);
  r.debugfs_mounts = sys::find_mounts(mountinfo, "debugfs");
  r.tracefs_mounts = sys::find_mounts(mountinfo, "tracefs");
  return r;
}

std::string why_not_ours(const Change& c, const RestoreRoots& r) {
  if (!plain_path(c.path)) return fmt::format("'{}' is not an absolute, normalised path", c.path);
  switch (c.kind) {
    case Change::Kind::kWrite:
      if (ours_write(c.path, r)) return "";
      return fmt::format("a write to {} (schedlab writes only sysctls, cgroup.subtree_control, "
                         "cgroup.pressure in its own chains and debugfs sched features)", c.path);
    case Change::Kind::kCgroup:
      if (ours_cgroup(c.path, r)) return "";
      return fmt::format("removing cgroup {} (schedlab removes only its own schedlab-<pid> chains)", c.path);
    case Change::Kind::kTree:
      if (ours_tree(c.path)) return "";
      return fmt::format("removing {} (schedlab removes only its own scratch directories)", c.path);
    case Change::Kind::kTraceInstance:
      if (ours_instance(c.path, r)) return "";
      return fmt::format("removing trace instance {} (schedlab removes only its own "
                         "instances/schedlab-<pid>-<n> in a tracefs mount)", c.path);
    case Change::Kind::kMountLease:
      if ((c.undo == "tracefs" || c.undo == "debugfs") && c.leases == r.leases && !r.leases.empty() &&
          (std::find(r.mount_points.begin(), r.mount_points.end(), c.path) != r.mount_points.end() ||
           std::find(r.tracefs_mounts.begin(), r.tracefs_mounts.end(), c.path) != r.tracefs_mounts.end() ||
           std::find(r.debugfs_mounts.begin(), r.debugfs_mounts.end(), c.path) != r.debugfs_mounts.end()))
        return "";
      return fmt::format("a lease on {} {} kept in {} (schedlab leases only tracefs and debugfs at their mount "
                         "points, in its journal directory's mounts/)", c.undo, c.path, c.leases);
    case Change::Kind::kMount:
      for (const auto& m : r.mount_points)
        if (c.path == m) return "";
      return fmt::format("unmounting {} (schedlab mounts only at /sys/kernel/debug and "
                         "/sys/kernel/tracing)", c.path);
  }
  return "an unknown change";
}

}  // namespace schedlab
