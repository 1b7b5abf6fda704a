#pragma once
// Kernel filesystems that several schedlab runs share (tracefs for the
// sched-trace probe, debugfs for sched features): mounted when absent, and
// unmounted only by the last live run that uses them, never under another.
//
// Each mount point has a lease directory, LEASES/<point with '/' as '%'>,
// holding `owner` when schedlab mounted the filesystem (a mount that was
// there before is never unmounted) and one file `<pid>-<start time>` per run
// that uses it.  Every step happens under an flock on the lease directory,
// so two runs never decide at once; a user whose process is gone (SIGKILL)
// is pruned by the next one to look, so `schedlab restore` needs nothing
// else.
#include <string>

namespace schedlab::sys {

struct MountLease {
  std::string leases;  // the directory of lease directories (in the journal directory)
  std::string fstype;  // "tracefs", "debugfs"
  std::string point;   // "/sys/kernel/tracing"
  std::string mountinfo = "/proc/self/mountinfo";  // where mounts are looked up (tests: a fixture)
};

// Registers this process as a user of `lease.point`, mounting the
// filesystem there first when no filesystem of that type is mounted there.
// Returns "" or why not (the mount's errno named); nothing is left behind
// on failure.
std::string acquire_mount_lease(const MountLease& lease);

// Drops this process's use (and every dead process's); unmounts when
// schedlab mounted it and no live user remains.  Returns "" or what could
// not be done.  Never throws.
std::string release_mount_lease(const MountLease& lease) noexcept;

// The lease directory of `point` under `leases`.
std::string lease_dir(const std::string& leases, const std::string& point);

}  // namespace schedlab::sys
