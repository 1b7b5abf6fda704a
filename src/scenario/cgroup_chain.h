#pragma once
#include <string>
#include <vector>

#include "scenario/control_outcome.h"
#include "scenario/guard_stack.h"
#include "sys/cgroup_layout.h"

namespace schedlab {

// A fresh chain of cgroups the copies run in, D levels below the parent:
// PARENT/schedlab-<pid>/l2/.../lD, created in the v2 hierarchy and, where
// the cpu controller is a v1 hierarchy (hybrid or v1 hosts), in the v1 cpu
// hierarchy too, so the scheduler's task groups nest D deep.
struct CgroupChain {
  std::vector<std::string> procs_files;  // cgroup.procs of each leaf; copies join them
  std::string v2_path;                   // the leaf's path inside v2, or ""
  std::string cpu_v1_path;               // the leaf's path inside the v1 cpu hierarchy, or ""
  std::vector<std::string> v2_dirs;      // every level's directory in v2, top level first
};

// Creates the chain for the life of `guards` (each directory journaled; the
// v2 cpu controller enabled where the parent offers it).  Returns the
// outcome; `chain` is filled when applied.  `layout` gives the mounts.
ControlOutcome create_cgroup_chain(int depth, const std::string& parent,
                                   const sys::CgroupLayout& layout, Journal& journal,
                                   GuardStack& guards, CgroupChain& chain);

// The directory names of the chain below the parent: {"schedlab-<pid>", "l2", ..., "lD"}.
std::vector<std::string> chain_levels(int depth, long pid);

}  // namespace schedlab
