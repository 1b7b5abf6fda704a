#pragma once
#include <sys/types.h>

#include <string>
#include <vector>

#include "core/result.h"
#include "scenario/applied_scenario.h"
#include "scenario/scenario.h"

namespace schedlab {

// What a copy is expected to run under.
struct CopyExpectation {
  const CopyPlacement* placement = nullptr;
  bool check_affinity = false;
  const CopySettings* settings = nullptr;
};

// Reads back, from the kernel, where a running copy really is: affinity (and
// its partner's), cgroup paths, session, autogroup, whether it is in the
// root task group, policy and nice.  Returns the per-copy record; appends a
// line to `problems` for each expectation the copy does not meet.
ordered_json read_back_copy(int index, pid_t pid, pid_t partner, const CopyExpectation& expect,
                            std::vector<std::string>& problems);

}  // namespace schedlab
