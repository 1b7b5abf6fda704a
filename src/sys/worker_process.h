#pragma once
#include <sys/types.h>

#include <string>
#include <vector>

#include "sys/affinity.h"
#include "sys/sched_attr.h"

namespace schedlab::sys {

// How to start one copy's worker process.
struct WorkerLaunch {
  std::vector<std::string> argv;  // argv[0] is the worker's absolute path
  int shared_fd = -1;             // the shared region, which becomes fd `shared_fd_number`
  int shared_fd_number = -1;      // in the worker (the channel's SL_SHARED_FD)
  const CpuMask* cpus = nullptr;  // affinity set before exec; nullptr keeps ours
  pid_t pgid = 0;                 // process group to join; 0 = lead a new one
  bool setsid = false;            // start a new session (and autogroup) instead
  std::vector<std::string> cgroup_procs;  // cgroup.procs files to join, in order
  const SchedAttr* sched = nullptr;       // policy and nice; nullptr keeps ours
  std::string stdout_path;                // "" = /dev/null
  std::string stderr_path;                // a new file for stderr; "" = `stderr_fd`
  int stderr_fd = -1;                     // without stderr_path: stderr (a StderrRelay's pipe); -1 = /dev/null
};

// Forks and execs a worker with: an empty signal mask, the parent-death
// signal SIGKILL (a SIGKILLed harness leaves no copy running), its own
// session or the given process group, membership of the given cgroups, the
// requested policy/nice and affinity, stdin on /dev/null, stdout and stderr
// where the launch says (never our own stderr as it is), the shared region
// on its fd — all before exec, so the loop and every process it forks start
// under the scenario.  Returns the pid.  Throws SystemError when fork fails (errno kept,
// e.g. EAGAIN at RLIMIT_NPROC) or the child could not be set up or exec'd.
pid_t launch_worker(const WorkerLaunch& launch);

}  // namespace schedlab::sys
