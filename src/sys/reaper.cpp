#include "sys/reaper.h"

#include <signal.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <vector>

#include "core/error.h"
#include "sys/proc_files.h"

namespace schedlab::sys {

void become_child_subreaper() {
  if (prctl(PR_SET_CHILD_SUBREAPER, 1) != 0)
    throw SystemError("reaper: prctl(PR_SET_CHILD_SUBREAPER)", "self", errno);
}

void kill_all_children() noexcept {
  const pid_t self = getpid();
  for (int pass = 0; pass < 1000; ++pass) {
    while (waitpid(-1, nullptr, WNOHANG) > 0) {
    }
    std::vector<pid_t> children;
    try {
      for_each_pid([&](pid_t pid) {
        if (parent_of(pid) == self) children.push_back(pid);
      });
    } catch (...) {
      return;
    }
    if (children.empty()) return;
    for (pid_t pid : children) kill(pid, SIGKILL);
    for (pid_t pid : children) waitpid(pid, nullptr, 0);
  }
}

}  // namespace schedlab::sys
