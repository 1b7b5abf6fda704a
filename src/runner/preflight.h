#pragma once
#include <string>

#include "sys/limits.h"

namespace schedlab {

// Refuses, before anything runs, a number of copies whose processes cannot
// all exist at once under RLIMIT_NPROC, pid_max, threads-max or the pids
// controller.  Throws UsageError naming --copies, the limit and how many
// copies would fit.
void preflight_process_limits(int copies, int per_copy, const std::string& copies_text,
                              const sys::ProcessLimits& limits);

}  // namespace schedlab
