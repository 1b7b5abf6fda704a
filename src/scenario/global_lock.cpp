#include "scenario/global_lock.h"

#include <fcntl.h>
#include <fmt/format.h>
#include <fmt/ranges.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

#include <chrono>
#include <ostream>
#include <vector>

#include "core/error.h"
#include "input/files.h"
#include "scenario/journal.h"
#include "sys/proc_files.h"
#include "sys/safe_files.h"

namespace schedlab {
namespace {

using namespace std::chrono_literals;

// The lock is ours when the file we locked is still the one at `path`: the
// previous holder unlinks it before unlocking, and a waiter that locked the
// unlinked file must try again on the new one.
bool still_linked(int fd, const std::string& path) {
  struct stat a {}, b {};
  return fstat(fd, &a) == 0 && stat(path.c_str(), &b) == 0 && a.st_ino == b.st_ino && a.st_dev == b.st_dev;
}

std::string holder(const std::string& path) {
  const std::string pid = input::read_system_file(path).value_or("");
  return pid.empty() ? "another schedlab run" : "schedlab run " + pid;
}

}  // namespace

bool changes_global_state(const ScenarioRequest& r) {
  return !r.sysctls.empty() || r.autogroup.has_value() || !r.sched_features.empty() || r.cgroup_depth > 0;
}

GlobalLock::GlobalLock(const std::string& journal_dir, bool no_wait, sys::SignalGate& gate, std::ostream& say,
                       OptionNameOf option)
    : path_(journal_dir + "/global.lock") {
  acquire(journal_dir, no_wait, gate, say, option);
  try {
    replay_dead_holders(journal_dir, say);
  } catch (...) {
    release();  // the destructor does not run for a constructor that throws
    throw;
  }
}

void GlobalLock::acquire(const std::string& journal_dir, bool no_wait, sys::SignalGate& gate, std::ostream& say,
                         OptionNameOf option) {
  bool said = false;
  for (;;) {
    sys::ensure_private_dir(journal_dir);  // the last holder removes it when it leaves
    fd_ = sys::UniqueFd(open(path_.c_str(), O_RDWR | O_CREAT | O_NOFOLLOW | O_CLOEXEC, 0600));
    if (!fd_ && errno == ENOENT) continue;  // removed between the two: again
    if (!fd_) throw SystemError("lock: open", path_, errno);
    if (flock(fd_.get(), LOCK_EX | LOCK_NB) == 0) {
      if (still_linked(fd_.get(), path_)) break;
      continue;  // locked a file its holder had just removed
    }
    if (errno != EWOULDBLOCK) throw SystemError("lock: flock", path_, errno);
    if (no_wait)
      throw Error(ExitStatus::kNotApplied,
                  fmt::format("{} is changing global controls (sysctls, sched features or cgroups) "
                              "now; run again when it has finished, or without {} to wait",
                              holder(path_), option("no_wait")));
    if (!said) say << fmt::format("schedlab: waiting for {} to finish with the global controls\n", holder(path_));
    said = true;
    fd_.reset();
    if (gate.wait(200ms) == sys::SignalGate::Event::kInterrupt) gate.throw_if_interrupted();
  }
  const std::string pid = std::to_string(getpid());
  if (ftruncate(fd_.get(), 0) == 0 && write(fd_.get(), pid.data(), pid.size()) < 0) {
    // the pid is only for the waiters' message
  }
}

// Every dead run's journal, the last holder's included: it may have died
// between its change and its undo, and this directory is where it wrote.
void GlobalLock::replay_dead_holders(const std::string& journal_dir, std::ostream& say) {
  std::vector<std::string> failed;
  for (const auto& report : restore_stale_journals(journal_dir)) {
    print_restore_report(report, say);
    if (!report.failed.empty()) failed.push_back(report.journal);
  }
  if (!failed.empty())
    throw Error(ExitStatus::kNotApplied,
                fmt::format("a dead run's changes to global controls could not all be undone ({}); their "
                            "values would be taken for the originals, so nothing was changed: undo them "
                            "by hand (see above), then run 'schedlab restore'",
                            fmt::join(failed, ", ")));
}

void remove_stale_global_lock(const std::string& journal_dir) {
  const std::string path = journal_dir + "/global.lock";
  sys::UniqueFd fd(open(path.c_str(), O_RDWR | O_NOFOLLOW | O_CLOEXEC));
  if (!fd || flock(fd.get(), LOCK_EX | LOCK_NB) != 0) return;  // absent, or held by a live run
  if (still_linked(fd.get(), path)) unlink(path.c_str());
}

GlobalLock::~GlobalLock() { release(); }

void GlobalLock::release() {
  unlink(path_.c_str());  // before unlocking: see still_linked
  fd_.reset();
  rmdir(path_.substr(0, path_.rfind('/')).c_str());  // the journal directory, when nothing else is in it
}

}  // namespace schedlab
