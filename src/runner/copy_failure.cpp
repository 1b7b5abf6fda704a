#include "runner/copy_failure.h"

#include <fmt/format.h>
#include <sys/wait.h>

#include <cerrno>
#include <cstring>

#include "input/files.h"
#include "sys/limits.h"
#include "sys/proc_files.h"

namespace schedlab {
namespace {

const char* operation(int op) {
  switch (op) {
    case SL_FAIL_SETUP: return "setup";
    case SL_FAIL_FORK: return "fork";
    case SL_FAIL_EXEC: return "execve";
    case SL_FAIL_WAIT: return "waitpid";
    case SL_FAIL_STATUS: return "child status check";
    case SL_FAIL_PIPE: return "pipe read/write";
    case SL_FAIL_TOKEN: return "token check";
    case SL_FAIL_CONFIG: return "configuration check";
    default: return "worker";
  }
}

const char* config_problem(int problem) {
  switch (problem) {
    case SL_CONFIG_MISSING: return "the harness wrote no configuration for the mode";
    case SL_CONFIG_SIZE: return "the configuration was written for another layout";
    case SL_CONFIG_THREADS: return "no threads, or more threads than loop counters";
    case SL_CONFIG_RANGE: return "a value out of the mode's range";
    case SL_CONFIG_FLAGS: return "an unknown flag";
    case SL_CONFIG_ARGS: return "its arguments were missing, extra or unknown";
    default: return "unknown problem";
  }
}

std::string describe_wait_status(int status) {
  if (WIFSIGNALED(status))
    return fmt::format("killed by signal {} ({})", WTERMSIG(status), strsignal(WTERMSIG(status)));
  if (WIFEXITED(status)) return fmt::format("exited with status {}", WEXITSTATUS(status));
  return fmt::format("wait status {:#x}", status);
}

}  // namespace

std::string describe_stderr_tail(const std::string& path) {
  const auto lines = sys::split(input::read_system_file(path).value_or(""), "\n");
  if (lines.empty()) return "";
  const size_t first = lines.size() > 5 ? lines.size() - 5 : 0;
  std::string tail;
  for (size_t i = first; i < lines.size(); ++i) tail += (i == first ? "" : " | ") + lines[i];
  return fmt::format("; last lines of its stderr ({}): {}", path, tail);
}

std::string describe_fork_limits() {
  const auto l = sys::read_process_limits();
  std::string nproc = l.rlimit_nproc ? fmt::format("{}", *l.rlimit_nproc) : "unlimited";
  if (!l.nproc_enforced) nproc += " (not enforced for root)";
  std::string pids = l.pids_max ? fmt::format("{} in {} ({} in use)", *l.pids_max, l.pids_cgroup,
                                              l.pids_current)
                                : "max";
  return fmt::format("limits now: RLIMIT_NPROC {} with {} tasks of this user, pid_max {}, "
                     "threads-max {}, pids.max {}",
                     nproc, l.user_tasks, l.pid_max, l.threads_max, pids);
}

std::string describe_copy_failure(int index, const sl_copy_slot& slot, int wait_status) {
  const auto state = __atomic_load_n(&slot.state, __ATOMIC_ACQUIRE);
  if (state == SL_COPY_DONE)
    return fmt::format("copy {}: finished after {} loops, before the window closed (a copy must "
                       "run until the window's end)", index, slot.loops);
  if (state != SL_COPY_FAILED) {
    return fmt::format("copy {}: the worker {} before finishing", index,
                       wait_status < 0 ? "vanished" : describe_wait_status(wait_status));
  }
  std::string what = fmt::format("copy {}: {} failed after {} loops", index,
                                 operation(slot.fail_op), slot.loops);
  if (slot.fail_op == SL_FAIL_STATUS)
    return what + ": the child " + describe_wait_status(slot.fail_detail);
  if (slot.fail_op == SL_FAIL_TOKEN)
    return what + fmt::format(": received {}", slot.fail_detail);
  if (slot.fail_op == SL_FAIL_CONFIG)
    return what + ": " + config_problem(slot.fail_detail) + " (a schedlab bug: harness and worker disagree)";
  what += fmt::format(": {} (errno {})", std::strerror(slot.fail_errno), slot.fail_errno);
  if (slot.fail_errno == EAGAIN || slot.fail_errno == ENOMEM) what += "; " + describe_fork_limits();
  return what;
}

}  // namespace schedlab
