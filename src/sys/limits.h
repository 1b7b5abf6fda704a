#pragma once
#include <cstdint>
#include <optional>
#include <string>

namespace schedlab::sys {

// The limits a fork can run into (see docs/limits.md and the preflight).
struct ProcessLimits {
  std::optional<std::uint64_t> rlimit_nproc;   // soft RLIMIT_NPROC; nullopt = unlimited
  bool nproc_enforced = true;                  // false for root (CAP_SYS_ADMIN bypasses it)
  // What an unprivileged process may ask of the scheduler (sched(7)): a
  // real-time priority up to RLIMIT_RTPRIO, a nice down to 20 - RLIMIT_NICE.
  std::uint64_t rlimit_rtprio = 0;             // soft RLIMIT_RTPRIO (RLIM_INFINITY: 99)
  std::uint64_t rlimit_nice = 0;               // soft RLIMIT_NICE (RLIM_INFINITY: 40)
  int usable_cpus = 0;                         // CPUs in our affinity
  std::uint64_t user_tasks = 0;                // tasks (threads) now owned by our real uid
  std::uint64_t pid_max = 0;
  std::uint64_t threads_max = 0;
  std::uint64_t system_tasks = 0;              // tasks now running on the machine
  // Tightest pids controller limit on our cgroup or its ancestors.
  std::optional<std::uint64_t> pids_max;
  std::uint64_t pids_current = 0;
  std::string pids_cgroup;                     // where pids_max was found
};

// Reads every limit; fields that cannot be read stay at their defaults.
ProcessLimits read_process_limits();

// The pids.max text of our cgroup ("max", "4096") for the environment block.
std::string pids_max_text();

}  // namespace schedlab::sys
