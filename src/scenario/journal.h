#pragma once
#include <sys/types.h>

#include <string>
#include <utility>
#include <vector>

#include "scenario/change.h"

namespace schedlab {

// Where journals live: /run/schedlab for root, else $XDG_RUNTIME_DIR/schedlab,
// else /tmp/schedlab-<uid>.
std::string default_journal_dir();

// This process's journal of changes to the system.  Every change is written
// here (atomically) before it is made and removed after it is undone, so a
// run killed with SIGKILL is undone by the next invocation.  The file exists
// only while changes are outstanding.  Not thread-safe.
class Journal {
 public:
  explicit Journal(std::string dir = default_journal_dir());
  ~Journal();
  Journal(const Journal&) = delete;
  Journal& operator=(const Journal&) = delete;

  // Records `change` before it is made; returns an id for forget().
  // Throws SystemError when the journal cannot be written (then the change
  // must not be made).
  int add(const Change& change);
  // Drops a change that was undone (or never happened).
  void forget(int id);
  const std::string& path() const { return path_; }

 private:
  void flush();
  void remove_file();
  std::string dir_, path_;
  std::vector<std::pair<int, Change>> changes_;
  int next_id_ = 0;
};

// What restoring one dead run's journal did.
struct RestoreReport {
  std::string journal;               // the file
  long pid = 0;                      // the run that left it
  std::vector<std::string> undone;   // "what" of every change undone
  std::vector<std::string> failed;   // what could not be undone (journal kept)
};

// Undoes, newest first, the changes of every journal in `dir` whose process
// is gone (pid absent, or reused by another process), and removes those
// journals.  A journal whose changes cannot all be undone is kept.
std::vector<RestoreReport> restore_stale_journals(const std::string& dir = default_journal_dir());

}  // namespace schedlab
