#pragma once
#include <stdexcept>
#include <string>

#include "core/terminal_text.h"

namespace schedlab {

// Process exit statuses; a contract with scripts (README "Exit status").
enum class ExitStatus : int {
  kOk = 0,
  kUsage = 2,           // bad input; nothing was run
  kNotApplied = 3,      // a requested control could not be applied
  kWorkloadFailed = 4,  // the workload failed; completed runs were written
  kCannotSave = 5,      // the result file could not be written (disk full, permissions)
  kPartlyRefused = 6,   // some records of a collection were refused, each named; the rest were kept
};

// A failure the caller cannot handle.  Only main() turns it into an exit
// status; the message is one line meant for the user.
class Error : public std::runtime_error {
 public:
  Error(ExitStatus status, const std::string& message)
      : std::runtime_error(message), status_(status) {}
  ExitStatus status() const { return status_; }

 private:
  ExitStatus status_;
};

// Bad input: names the option, the value and what is allowed, in one line
// whatever the value holds.
class UsageError : public Error {
 public:
  // terminal_safe_line: a value typed with a newline in it does not break
  // the message in two.
  explicit UsageError(const std::string& message) : Error(ExitStatus::kUsage, terminal_safe_line(message)) {}
  // "--runs '0': expected a whole number from 1 to 100000"
  UsageError(const std::string& option, const std::string& value, const std::string& allowed)
      : UsageError(option + " '" + value + "': expected " + allowed) {}
};

// A system call failed: "<action> '<object>' failed: <strerror> (errno N)".
class SystemError : public Error {
 public:
  SystemError(const std::string& action, const std::string& object, int err);
  int err() const { return err_; }

 private:
  int err_;
};

// The run was stopped by SIGINT or SIGTERM; main exits with 128 + signal.
// `runs_kept`: the flow that throws it kept completed runs where the user
// finds them (a result file, the store or its spool), so main may say so;
// a signal caught deep in a flow keeps nothing it knows of.
class Interrupted : public std::runtime_error {
 public:
  explicit Interrupted(int signal_number, bool runs_kept = false)
      : std::runtime_error("interrupted"), signal_(signal_number), runs_kept_(runs_kept) {}
  int signal_number() const { return signal_; }
  bool runs_kept() const { return runs_kept_; }

 private:
  int signal_;
  bool runs_kept_;
};

}  // namespace schedlab
