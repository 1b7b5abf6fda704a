#pragma once
// What undoing a dead run's changes needs mounted.  A trace instance lives
// in tracefs, which may have been unmounted since the run died (the last
// live run using it unmounts it, and the dead run's lease no longer
// counts); the kernel keeps the instance, its events and its buffers until
// it is removed, and rmdir needs tracefs mounted.  So restore mounts
// tracefs at its mount point for as long as it takes — through the lease
// (sys/mount_lease.h), never under another run — and unmounts it after
// when it mounted it.
#include <optional>
#include <string>
#include <vector>

#include "scenario/change.h"
#include "scenario/restore_policy.h"
#include "sys/mount_lease.h"

namespace schedlab {

class MountsForUndo {
 public:
  // Takes the lease when a change of `changes` is a trace instance at the
  // kernel's tracefs mount point while no tracefs is mounted there.  A
  // mount that fails is left for the undo to report.
  MountsForUndo(const std::vector<Change>& changes, const RestoreRoots& roots);
  ~MountsForUndo();
  MountsForUndo(const MountsForUndo&) = delete;
  MountsForUndo& operator=(const MountsForUndo&) = delete;

 private:
  std::optional<sys::MountLease> lease_;
};

}  // namespace schedlab
