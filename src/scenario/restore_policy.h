#pragma once
#include <string>
#include <vector>

#include "scenario/change.h"

namespace schedlab {

// Where the changes schedlab itself makes can be: what `restore` accepts
// from a journal.  A journal is input like any file: one planted by another
// user, or corrupted, must not make restore write, remove or kill anything
// else.
struct RestoreRoots {
  std::string proc_sys = "/proc/sys";
  std::vector<std::string> cgroup_mounts;   // cgroup and cgroup2 mount points
  std::vector<std::string> debugfs_mounts;  // debugfs mount points
  std::vector<std::string> tracefs_mounts;  // tracefs mount points (trace instances)
  std::vector<std::string> mount_points = {"/sys/kernel/debug", "/sys/kernel/tracing"};  // we mount only there
  std::string leases;  // the lease directory of shared mounts: <journal directory>/mounts
};

// The roots on this machine, from /proc/self/mountinfo text.
RestoreRoots restore_roots(const std::string& mountinfo);

// "" when `change` is one schedlab makes: a write under /proc/sys, to a
// cgroup.subtree_control in a cgroup mount, to a cgroup.pressure inside one
// of our own chains or to debugfs's sched features; a cgroup inside one of
// our own `schedlab-<pid>` chains; a scratch tree named like ours; a tracefs
// instance `instances/schedlab-<pid>-<n>` (in a tracefs mount, or at
// /sys/kernel/tracing when tracefs is no longer mounted); a mount at our mount points; a
// lease on a tracefs or debugfs mount kept in `roots.leases`.  Otherwise why
// not, naming the change.
std::string why_not_ours(const Change& change, const RestoreRoots& roots);

}  // namespace schedlab
