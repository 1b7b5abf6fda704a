#pragma once
#include <iosfwd>
#include <string>

#include "scenario/scenario.h"
#include "sys/signals.h"
#include "sys/unique_fd.h"

namespace schedlab {

// Whether a run of `request` changes state other runs share: sysctls (and
// autogroup), sched features, or the parent's cgroup.subtree_control.
bool changes_global_state(const ScenarioRequest& request);

// Held while a run changes global state, so that two runs never restore
// each other's values: an exclusive flock on `global.lock` in the journal
// directory.  A second run waits, saying once whom it waits for, or with
// `no_wait` is refused (Error kNotApplied).  Waiting is interruptible
// through `gate`.  The lock file is removed on release.
//
// A GlobalLock exists only once the journals of every dead run in the
// directory have been replayed: a holder SIGKILLed while its values were in
// place would otherwise have them read as the originals by the next holder,
// which would then "restore" them for good.  The constructor takes the lock,
// then replays (saying what it undid on `say`), and throws Error kNotApplied
// when a dead run's changes cannot all be undone — no holder ever reads a
// value another run left.
class GlobalLock {
 public:
  // `option` names the no-wait option in the refusal.
  GlobalLock(const std::string& journal_dir, bool no_wait, sys::SignalGate& gate, std::ostream& say,
             OptionNameOf option);
  ~GlobalLock();
  GlobalLock(const GlobalLock&) = delete;
  GlobalLock& operator=(const GlobalLock&) = delete;

 private:
  void acquire(const std::string& journal_dir, bool no_wait, sys::SignalGate& gate, std::ostream& say,
               OptionNameOf option);
  void replay_dead_holders(const std::string& journal_dir, std::ostream& say);
  void release();
  std::string path_;
  sys::UniqueFd fd_;
};

// Removes `global.lock` from `journal_dir` when no process holds it (its
// holder was SIGKILLed); a held lock is left alone.
void remove_stale_global_lock(const std::string& journal_dir);

}  // namespace schedlab
