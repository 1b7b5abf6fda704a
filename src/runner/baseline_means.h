#pragma once
// A baseline is also a claim on a shared machine: `check` as an ordinary
// user on a grid host runs whatever policy and copies the file says, so
// `fifo:99` (a real-time spinner keeps everyone else off its CPUs) or
// 1024 copies per CPU from a file would be a denial of service.  Without
// root (which owns the machine and may do as it likes):
//  - what the user could not set by hand is refused outright: a real-time
//    priority above RLIMIT_RTPRIO, a nice below 20 - RLIMIT_NICE;
//  - what the user could set but takes the machine from others needs
//    --trust-baseline, like a baseline's command or sysctls: a real-time
//    policy, a negative nice, more than kCopiesPerCpu copies per CPU the
//    user may run on.
// (Copies beyond RLIMIT_NPROC or pids.max are the preflight's to refuse.)
#include <string>

#include "scenario/scenario.h"
#include "sys/limits.h"

namespace schedlab {

// More copies per usable CPU than this need --trust-baseline: 4x is as
// far as the suites we mirror go (UnixBench, mmtests' hackbench sweeps).
inline constexpr int kCopiesPerCpu = 4;

// Throws UsageError naming `file` and what the baseline asks beyond the
// caller's means ("FILE: the baseline asks for ..."); nothing for root.
void refuse_beyond_means(const ScenarioRequest& scenario, const std::string& file, const sys::ProcessLimits& limits,
                         bool trusted, bool root);

}  // namespace schedlab
