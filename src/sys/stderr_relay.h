#pragma once
// The copies' stderr, relayed to ours as text a terminal cannot act on.  A
// workload's child (the exec loop's program, a command's tools) may write
// anything to stderr: "\e]0;X\a" would retitle the window, "\e[2J" clear
// it.  Instead of inheriting our stderr, the copies write into a pipe whose
// bytes a thread passes through terminal_safe (core/terminal_text.h) to
// ours, as every byte schedlab itself prints.
#include <thread>

#include "sys/unique_fd.h"

namespace schedlab::sys {

class StderrRelay {
 public:
  // Throws SystemError when the pipe or the thread cannot be made (the
  // thread counts against RLIMIT_NPROC like a process).
  StderrRelay();
  // Closes our end of the pipe and relays what is left: until every copy's
  // end is closed, or, when something still holds one (it is being killed),
  // until nothing has come for a moment.
  ~StderrRelay();
  StderrRelay(const StderrRelay&) = delete;
  StderrRelay& operator=(const StderrRelay&) = delete;

  // The pipe's write end, for a copy's fd 2 (close-on-exec here: dup2 it).
  int write_fd() const { return write_.get(); }

 private:
  void relay() noexcept;
  UniqueFd read_, write_;
  UniqueFd wake_read_, wake_write_;  // closed by the destructor to end the relay
  std::thread thread_;
};

}  // namespace schedlab::sys
