#pragma once
#include <sys/types.h>

#include <optional>
#include <string_view>
#include <vector>

namespace schedlab::sys {

// One process's CPU time as /proc/PID/stat gives it, in seconds: its own
// (utime + stime, every thread) and what the children it has reaped spent
// (cutime + cstime).  Clock ticks (USER_HZ) underneath: 10 ms resolution.
struct ProcessCpu {
  pid_t pid = 0, ppid = 0;
  double own_s = 0, reaped_s = 0;
};

// Parses one /proc/PID/stat line (the command name may hold spaces and
// parentheses); nullopt when it is not one.
std::optional<ProcessCpu> parse_process_cpu(std::string_view stat, long ticks_per_s);

// The CPU time the process trees of `roots` have spent so far, together:
// every process alive in them (zombies included) counted with the children
// it reaped, so the dead are counted once, through whoever reaped them.
// Read from /proc now (one pass); a root that is gone adds 0.  The
// difference of two reads is the CPU the trees used between them.
double tree_cpu_seconds(const std::vector<pid_t>& roots);

}  // namespace schedlab::sys
