#pragma once
#include <string>

#include "scenario/control_outcome.h"
#include "scenario/guard_stack.h"

namespace schedlab {

// Where to find (or mount) debugfs; tests point these at fixture trees.
struct DebugfsPaths {
  std::string mountinfo = "/proc/self/mountinfo";
  std::string default_mount = "/sys/kernel/debug";
};

// Sets a scheduler feature ("NAME" or "NO_NAME") through debugfs
// sched/features for the life of `guards`, mounting debugfs when it is not
// mounted (and unmounting it afterwards), verifying by reading back.
ControlOutcome apply_sched_feature(const std::string& feature, Journal& journal,
                                   GuardStack& guards, const DebugfsPaths& paths = {});

}  // namespace schedlab
