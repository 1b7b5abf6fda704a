#pragma once
// What a command that changes the system (run, check, suite's runs,
// kernels) holds while it does, set up in one place: what a dead run left is
// undone first; from then on interrupts unwind through the guards
// (SignalGate), schedlab is the subreaper of everything it starts, and
// every change is journaled; when its runs change what other runs share
// (sysctls, sched features, a parent cgroup's controllers), the global lock
// is held too.  Read-only commands never make one.
#include <optional>

#include "scenario/global_lock.h"
#include "scenario/journal.h"
#include "sys/signals.h"

namespace schedlab {

class Session {
 public:
  Session();
  Session(const Session&) = delete;
  Session& operator=(const Session&) = delete;

  sys::SignalGate& gate() { return gate_; }
  Journal& journal() { return *journal_; }

  // Waits for (or, with `no_wait`, refuses: exit 3) the global lock when
  // `changes_shared_state`; held until the session ends.
  void hold_global_controls(bool changes_shared_state, bool no_wait);

 private:
  sys::SignalGate gate_;             // first: an interrupt from here on unwinds
  std::optional<Journal> journal_;   // after the leftovers are restored
  std::optional<GlobalLock> lock_;
};

// Restores what dead runs left behind, saying so on stderr; false when
// something could not be restored.
bool restore_leftovers();

}  // namespace schedlab
