#include "scenario/undo_mounts.h"

#include <algorithm>
#include <filesystem>

#include "sys/tracefs_mount.h"

namespace schedlab {
namespace {

bool needs_tracefs(const std::vector<Change>& changes) {
  const std::filesystem::path instances = std::filesystem::path(sys::kTracefsMountPoint) / "instances";
  return std::any_of(changes.begin(), changes.end(), [&](const Change& c) {
    return c.kind == Change::Kind::kTraceInstance && std::filesystem::path(c.path).parent_path() == instances;
  });
}

}  // namespace

MountsForUndo::MountsForUndo(const std::vector<Change>& changes, const RestoreRoots& roots) {
  const auto& mounted = roots.tracefs_mounts;
  if (!needs_tracefs(changes) || roots.leases.empty() ||
      std::find(mounted.begin(), mounted.end(), sys::kTracefsMountPoint) != mounted.end())
    return;
  sys::MountLease lease{roots.leases, "tracefs", sys::kTracefsMountPoint};
  if (sys::acquire_mount_lease(lease).empty()) lease_ = lease;
}

MountsForUndo::~MountsForUndo() {
  if (lease_) sys::release_mount_lease(*lease_);
}

}  // namespace schedlab
