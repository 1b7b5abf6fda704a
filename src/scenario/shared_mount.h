#pragma once
// The one way a run uses a kernel filesystem other runs may share (tracefs,
// debugfs): through a lease (sys/mount_lease.h) held by a guard, so that the
// filesystem is mounted when absent, journaled first, and unmounted only by
// the last live run that used it — never under another run.
#include <string>

#include "scenario/guard_stack.h"

namespace schedlab {

// Uses `fstype` at `point` until `guards` releases it.  Returns "" or why
// it cannot be had (the mount's error named); nothing is left on failure.
// `mountinfo`: where mounts are looked up (tests give a fixture).
std::string use_shared_mount(Journal& journal, GuardStack& guards, const std::string& fstype,
                             const std::string& point, const std::string& mountinfo = "/proc/self/mountinfo");

}  // namespace schedlab
