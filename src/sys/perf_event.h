#pragma once
#include <sys/types.h>

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "sys/unique_fd.h"

namespace schedlab::sys {

// One counting event for perf_event_open(2): PERF_TYPE_* and its config.
struct PerfEventSpec {
  std::uint32_t type = 0;
  std::uint64_t config = 0;
};

// One group read: every member's count, and how long the group was enabled
// and actually counting (they differ only when a PMU multiplexes).
struct PerfGroupReading {
  std::vector<std::uint64_t> values;  // in the order of the specs
  std::uint64_t enabled_ns = 0, running_ns = 0;
};

// A group of counters on one task with `inherit`: every task the task
// forks or clones after the open is counted too, exec'd programs included,
// and exited descendants' counts are folded in at their exit.  The fds are
// close-on-exec and closed by the destructor.  Move-only.
class PerfGroup {
 public:
  PerfGroup() = default;
  // Opens the group on `tid` (the first spec leads it), counting from now.
  // Returns the errno of the first refused open, or 0.
  int open(pid_t tid, const std::vector<PerfEventSpec>& specs);
  // Reads the whole group with one read(2) on the leader; nullopt and errno
  // set when the read fails.
  std::optional<PerfGroupReading> read() const;
  std::size_t fd_count() const { return fds_.size(); }

 private:
  std::vector<UniqueFd> fds_;
};

// Whether this kernel and this process may count `spec` on themselves:
// 0, or the errno of perf_event_open (ENOENT: no such event, e.g. no
// hardware PMU; EACCES: perf_event_paranoid or a missing capability).
int probe_perf_event(const PerfEventSpec& spec);

// Why perf_event_open refused with `err`, in words: the PMU, the paranoid
// level (read from `paranoid_path`), a capability.
std::string describe_perf_refusal(int err, const std::string& what,
                                  const std::string& paranoid_path =
                                      "/proc/sys/kernel/perf_event_paranoid");

// Raises RLIMIT_NOFILE's soft limit to at least `needed` fds when the hard
// limit allows; returns the soft limit in force afterwards.
std::uint64_t ensure_fd_limit(std::uint64_t needed);

}  // namespace schedlab::sys
