#pragma once
#include <sys/types.h>

#include <string>
#include <vector>

namespace schedlab::sys {

// One thread of a process and its name (/proc/PID/task/TID/comm).
struct TaskName {
  pid_t tid = 0;
  std::string name;
};

// The threads of `pid` with their names; empty when it is gone.  QEMU
// started with -name ...,debug-threads=on names its vCPU threads
// "CPU <n>/KVM" or "CPU <n>/TCG", which is how they are found for pinning.
std::vector<TaskName> task_names(pid_t pid);

}  // namespace schedlab::sys
