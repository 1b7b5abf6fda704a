#pragma once
// The arithmetic of the sched-trace probe, apart from tracefs so that tests
// feed it fixture events: which events belong to the copies, their counts
// inside the window, and the wakeup-to-run latency (sched_waking, or
// sched_wakeup_new for a new task, to its sched_switch in) and preemption
// waits (switched out runnable, to switched in), as perf sched latency
// computes them (reference/probes.md §4.3).
#include <sys/types.h>

#include <array>
#include <cstdint>
#include <map>
#include <set>
#include <string>
#include <vector>

namespace schedlab {

enum class SchedEventKind {
  kSwitch, kWaking, kWakeup, kWakeupNew, kMigrate, kFork, kExec, kExit, kCount
};

// The tracepoint of each kind ("sched_switch", ...).
const char* tracepoint_name(SchedEventKind kind);

// One decoded event.  For kSwitch: pid = prev_pid, other = next_pid and
// runnable = prev was runnable when switched out (preempted); for kFork:
// pid = parent_pid, other = child_pid; otherwise pid is the task.
struct SchedEvent {
  SchedEventKind kind = SchedEventKind::kSwitch;
  std::uint64_t ts_ns = 0;  // trace clock "mono": CLOCK_MONOTONIC
  pid_t pid = 0;
  pid_t other = 0;
  bool runnable = false;
};

// Whether a sched_switch prev_state means the task was still runnable: no
// state bit in the low byte (TASK_REPORT and TASK_REPORT_IDLE); the bit
// above them (TASK_REPORT_MAX, "R+") marks a preemption.
bool switched_out_runnable(std::uint64_t prev_state);

// Follows the copies' tasks through the events (events in time order).
class SchedTraceStats {
 public:
  // `tasks`: the copies' tasks when tracing began; their descendants are
  // added at their fork.  Only events in [begin_ns, end_ns] are counted.
  SchedTraceStats(const std::vector<pid_t>& tasks, std::uint64_t begin_ns, std::uint64_t end_ns);

  void add(const SchedEvent& e);
  // Events of a kind in the window that concern the copies' tasks.
  std::uint64_t count(SchedEventKind kind) const { return counts_[static_cast<size_t>(kind)]; }
  // Wakeup-to-run latencies (ns) of the copies' tasks, in event order.
  const std::vector<std::uint64_t>& wakeup_latencies_ns() const { return latencies_; }
  // Every wait on a run queue (after a wakeup or a preemption), summed.
  std::uint64_t run_delay_ns() const { return run_delay_ns_; }
  void set_window(std::uint64_t begin_ns, std::uint64_t end_ns);

 private:
  bool ours(pid_t pid) const { return tasks_.count(pid) > 0; }
  bool in_window(std::uint64_t ts) const { return ts >= begin_ns_ && ts <= end_ns_; }
  void on_switch(const SchedEvent& e);
  void mark_waiting(pid_t pid, std::uint64_t ts, bool woken);

  std::set<pid_t> tasks_;
  std::uint64_t begin_ns_, end_ns_;
  std::array<std::uint64_t, static_cast<size_t>(SchedEventKind::kCount)> counts_{};
  struct Waiting {
    std::uint64_t since_ns;
    bool woken;  // a wakeup (latency sample) rather than a preemption
  };
  std::map<pid_t, Waiting> waiting_;
  std::vector<std::uint64_t> latencies_;
  std::uint64_t run_delay_ns_ = 0;
};

// The p-th percentile (0..100) of `xs` by the nearest-rank method; 0 for
// none.  Reorders `xs`.
double nearest_rank_percentile(std::vector<std::uint64_t>& xs, double p);

}  // namespace schedlab
