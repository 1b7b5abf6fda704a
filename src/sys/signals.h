#pragma once
#include <atomic>
#include <signal.h>

#include <chrono>

#include "sys/unique_fd.h"

namespace schedlab::sys {

// Turns every asynchronous signal whose default action ends the process
// (SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGUSR1/2, SIGALRM, SIGVTALRM, SIGPROF,
// SIGXCPU, SIGXFSZ, SIGIO, SIGPWR, SIGSTKFLT and the real-time signals)
// and SIGCHLD into events the runner waits for, so any of them unwinds the
// stack normally and every guard restores what it changed.  Blocks them
// while alive (children must unblock them: see worker_process.cpp) and
// restores the old mask on destruction.  SIGPIPE is ignored process-wide
// instead (ignore_sigpipe): a closed stdout must not end a run.  One per
// process; not thread-safe.
class SignalGate {
 public:
  enum class Event { kTimeout, kChild, kInterrupt };

  SignalGate();
  ~SignalGate();
  SignalGate(const SignalGate&) = delete;
  SignalGate& operator=(const SignalGate&) = delete;

  // Waits at most `timeout` for a signal; returns kInterrupt (and remembers
  // the signal) for a terminating one, kChild for SIGCHLD.
  Event wait(std::chrono::nanoseconds timeout);

  // The first interrupting signal received, or 0.
  int interrupted() const { return interrupted_; }

  // Throws Interrupted when an interrupt has been received.
  void throw_if_interrupted() const;

 private:
  UniqueFd fd_;
  sigset_t old_mask_{};
  std::atomic<int> interrupted_{0};  // read by every thread that waits on the gate
};

// The signals SignalGate turns into interrupts.
sigset_t terminating_signals();

// SIGPIPE ignored in this process, so that writing to a closed stdout
// (`schedlab run ... | head -1`) fails with EPIPE instead of killing the run
// before its result is saved.  Children get the default back before exec.
void ignore_sigpipe();

}  // namespace schedlab::sys
