#pragma once

namespace schedlab::sys {

// While alive, the calling thread (the harness) runs SCHED_FIFO priority 1
// with SCHED_RESET_ON_FORK, so that the window's edges and the per-second
// samples are taken on time even when the copies keep every CPU busy with
// hundreds of runnable threads (the harness would otherwise wait seconds
// for a CPU and the window would stretch).  The harness only sleeps, reads
// counters and wakes the copies, so it takes microseconds per second from
// them; its children never inherit the policy.  Without the privilege it
// does nothing (active() says so).  The old policy is restored on
// destruction.
class RealtimeTiming {
 public:
  RealtimeTiming();
  ~RealtimeTiming();
  RealtimeTiming(const RealtimeTiming&) = delete;
  RealtimeTiming& operator=(const RealtimeTiming&) = delete;

  bool active() const { return active_; }

 private:
  bool active_ = false;
  int old_policy_ = 0;
  int old_priority_ = 0;
};

}  // namespace schedlab::sys
