#include "probes/sched_trace_stats.h"

#include <algorithm>
#include <cmath>

namespace schedlab {

const char* tracepoint_name(SchedEventKind kind) {
  switch (kind) {
    case SchedEventKind::kSwitch: return "sched_switch";
    case SchedEventKind::kWaking: return "sched_waking";
    case SchedEventKind::kWakeup: return "sched_wakeup";
    case SchedEventKind::kWakeupNew: return "sched_wakeup_new";
    case SchedEventKind::kMigrate: return "sched_migrate_task";
    case SchedEventKind::kFork: return "sched_process_fork";
    case SchedEventKind::kExec: return "sched_process_exec";
    case SchedEventKind::kExit: return "sched_process_exit";
    case SchedEventKind::kCount: break;
  }
  return "";
}

bool switched_out_runnable(std::uint64_t prev_state) { return (prev_state & 0xff) == 0; }

SchedTraceStats::SchedTraceStats(const std::vector<pid_t>& tasks, std::uint64_t begin_ns,
                                 std::uint64_t end_ns)
    : tasks_(tasks.begin(), tasks.end()), begin_ns_(begin_ns), end_ns_(end_ns) {}

void SchedTraceStats::set_window(std::uint64_t begin_ns, std::uint64_t end_ns) {
  begin_ns_ = begin_ns;
  end_ns_ = end_ns;
}

// The first wakeup of a waiting task wins; a wait that began before the
// window still ends in it, and is counted when it ends there.
void SchedTraceStats::mark_waiting(pid_t pid, std::uint64_t ts, bool woken) {
  waiting_.try_emplace(pid, Waiting{ts, woken});
}

void SchedTraceStats::on_switch(const SchedEvent& e) {
  if (ours(e.pid)) {
    if (in_window(e.ts_ns)) ++counts_[static_cast<size_t>(SchedEventKind::kSwitch)];
    waiting_.erase(e.pid);
    if (e.runnable) mark_waiting(e.pid, e.ts_ns, false);
  }
  if (!ours(e.other)) return;
  auto it = waiting_.find(e.other);
  if (it == waiting_.end()) return;
  // Streams of different CPUs are merged per drain: a switch-in read before
  // its wakeup is dropped rather than paired with a later one.
  if (it->second.since_ns <= e.ts_ns && in_window(e.ts_ns)) {
    const std::uint64_t wait = e.ts_ns - it->second.since_ns;
    run_delay_ns_ += wait;
    if (it->second.woken) latencies_.push_back(wait);
  }
  waiting_.erase(it);
}

void SchedTraceStats::add(const SchedEvent& e) {
  const auto k = static_cast<size_t>(e.kind);
  switch (e.kind) {
    case SchedEventKind::kSwitch:
      on_switch(e);
      return;
    case SchedEventKind::kFork:
      if (!ours(e.pid)) return;
      tasks_.insert(e.other);
      break;
    case SchedEventKind::kWaking:
    case SchedEventKind::kWakeupNew:
      if (ours(e.pid)) mark_waiting(e.pid, e.ts_ns, true);
      break;
    default:
      break;
  }
  if (ours(e.pid) && in_window(e.ts_ns)) ++counts_[k];
}

double nearest_rank_percentile(std::vector<std::uint64_t>& xs, double p) {
  if (xs.empty()) return 0;
  const auto rank = static_cast<size_t>(std::ceil(p / 100 * static_cast<double>(xs.size())));
  const size_t k = std::min(xs.size() - 1, rank == 0 ? 0 : rank - 1);
  std::nth_element(xs.begin(), xs.begin() + static_cast<std::ptrdiff_t>(k), xs.end());
  return static_cast<double>(xs[k]);
}

}  // namespace schedlab
