#pragma once
#include <sys/types.h>

#include <iosfwd>
#include <mutex>
#include <string>
#include <utility>
#include <vector>

#include "scenario/change.h"

namespace schedlab {

// Where journals live: /run/schedlab for root, else $XDG_RUNTIME_DIR/schedlab,
// else /tmp/schedlab-<uid>.  The directory must be ours and not writable by
// others (sys::ensure_private_dir): a journal says what to write and remove.
std::string default_journal_dir();

// Where the leases of shared mounts live (sys/mount_lease.h): in the
// journal directory, so restore and every run see the same ones.
std::string mount_leases_dir(const std::string& journal_dir);

// This process's journal of changes to the system.  Every change is written
// here (atomically) before it is made and removed after it is undone, so a
// run killed with SIGKILL is undone by the next invocation.  The file exists
// only while changes are outstanding.  add and forget may be called from
// several threads (guests booted side by side each journal their own
// directory).
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
  const std::string& dir() const { return dir_; }

 private:
  void flush();
  void remove_file();
  std::string dir_, path_;
  std::mutex mutex_;  // guards changes_, next_id_ and the file
  std::vector<std::pair<int, Change>> changes_;
  int next_id_ = 0;
};

// A journal file's content.
struct JournalRecord {
  long pid = 0;
  unsigned long long start_time = 0;  // field 22 of /proc/PID/stat: tells a reused pid apart
  std::vector<Change> changes;        // in the order they were made
};

// Parses a journal's text; throws std::runtime_error saying what is wrong
// (not JSON, a missing or mistyped field, an unknown change kind).
JournalRecord parse_journal(const std::string& text);

// What restoring one dead run's journal did.
struct RestoreReport {
  std::string journal;               // the file
  long pid = 0;                      // the run that left it (0: unreadable)
  std::vector<std::string> undone;   // "what" of every change undone
  std::vector<std::string> failed;   // what could not be undone or was refused (journal kept)
};

// Undoes, newest first, the changes of every journal in `dir` whose process
// is gone (pid absent, or reused by another process), and removes those
// journals.  A journal that is unreadable, asks for a change schedlab does
// not make (restore_policy.h), or whose changes cannot all be undone is
// kept and reported; the others are still restored.  Nothing is read from
// a directory that is not ours alone.
// `given` says where schedlab's changes can be (default: this machine's).
struct RestoreRoots;
std::vector<RestoreReport> restore_stale_journals(const std::string& dir = default_journal_dir(),
                                                  const RestoreRoots* given = nullptr);

// What restoring one journal did, a line per change, for `out` (stderr).
void print_restore_report(const RestoreReport& report, std::ostream& out);

// Journals of dead runs waiting in `dir` (changes nothing).
std::vector<std::string> stale_journals(const std::string& dir = default_journal_dir());

}  // namespace schedlab
