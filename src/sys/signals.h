#pragma once
#include <signal.h>

#include <chrono>

#include "sys/unique_fd.h"

namespace schedlab::sys {

// Turns SIGINT, SIGTERM, SIGHUP and SIGCHLD into events the runner waits
// for, so an interrupt unwinds the stack normally and every guard restores
// what it changed.  Blocks those signals while alive (children must unblock
// them: see worker_process.cpp) and restores the old mask on destruction.
// One per process; not thread-safe.
class SignalGate {
 public:
  enum class Event { kTimeout, kChild, kInterrupt };

  SignalGate();
  ~SignalGate();
  SignalGate(const SignalGate&) = delete;
  SignalGate& operator=(const SignalGate&) = delete;

  // Waits at most `timeout` for a signal; returns kInterrupt (and remembers
  // the signal) for SIGINT/SIGTERM/SIGHUP, kChild for SIGCHLD.
  Event wait(std::chrono::nanoseconds timeout);

  // The first interrupting signal received, or 0.
  int interrupted() const { return interrupted_; }

  // Throws Interrupted when an interrupt has been received.
  void throw_if_interrupted() const;

 private:
  UniqueFd fd_;
  sigset_t old_mask_{};
  int interrupted_ = 0;
};

}  // namespace schedlab::sys
