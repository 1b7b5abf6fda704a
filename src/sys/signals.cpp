#include "sys/signals.h"

#include <poll.h>
#include <sys/signalfd.h>

#include "core/error.h"

namespace schedlab::sys {

sigset_t terminating_signals() {
  sigset_t set;
  sigemptyset(&set);
  for (int s : {SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGUSR1, SIGUSR2, SIGALRM, SIGVTALRM, SIGPROF,
                SIGXCPU, SIGXFSZ, SIGIO, SIGPWR, SIGSTKFLT})
    sigaddset(&set, s);
  for (int s = SIGRTMIN; s <= SIGRTMAX; ++s) sigaddset(&set, s);
  return set;
}

void ignore_sigpipe() { signal(SIGPIPE, SIG_IGN); }

SignalGate::SignalGate() {
  sigset_t set = terminating_signals();
  sigaddset(&set, SIGCHLD);
  if (sigprocmask(SIG_BLOCK, &set, &old_mask_) != 0)
    throw SystemError("signals: block", "terminating signals and SIGCHLD", errno);
  fd_ = UniqueFd(signalfd(-1, &set, SFD_CLOEXEC | SFD_NONBLOCK));
  if (!fd_) throw SystemError("signals: signalfd", "terminating signals and SIGCHLD", errno);
}

SignalGate::~SignalGate() {
  fd_.reset();
  sigprocmask(SIG_SETMASK, &old_mask_, nullptr);
}

SignalGate::Event SignalGate::wait(std::chrono::nanoseconds timeout) {
  if (timeout.count() < 0) timeout = {};
  timespec ts{static_cast<time_t>(timeout.count() / 1'000'000'000),
              static_cast<long>(timeout.count() % 1'000'000'000)};
  pollfd pfd{fd_.get(), POLLIN, 0};
  if (ppoll(&pfd, 1, &ts, nullptr) <= 0) return Event::kTimeout;
  Event event = Event::kTimeout;
  signalfd_siginfo info;
  while (read(fd_.get(), &info, sizeof info) == static_cast<ssize_t>(sizeof info)) {
    if (info.ssi_signo == SIGCHLD) {
      if (event == Event::kTimeout) event = Event::kChild;
    } else {
      int none = 0;
      interrupted_.compare_exchange_strong(none, static_cast<int>(info.ssi_signo));
      event = Event::kInterrupt;
    }
  }
  return event;
}

void SignalGate::throw_if_interrupted() const {
  if (interrupted_ != 0) throw Interrupted(interrupted_);
}

}  // namespace schedlab::sys
