#include "session/session.h"

#include <fmt/format.h>

#include <iostream>

#include "sys/reaper.h"

namespace schedlab {
void print_restore_report(const RestoreReport& r) {
  if (r.pid > 0) std::cerr << fmt::format("schedlab: run {} (journal {}) left changes behind\n", r.pid, r.journal);
  else std::cerr << fmt::format("schedlab: {} could not be restored\n", r.journal);
  for (const auto& what : r.undone) std::cerr << "schedlab:   undone: " << what << "\n";
  for (const auto& problem : r.failed) std::cerr << "schedlab:   NOT restored: " << problem << "\n";
}

bool restore_leftovers() {
  bool all_restored = true;
  for (const auto& report : restore_stale_journals()) {
    print_restore_report(report);
    all_restored &= report.failed.empty();
  }
  return all_restored;
}

Session::Session() {
  restore_leftovers();
  sys::become_child_subreaper();
  journal_.emplace();
}

void Session::hold_global_controls(bool changes_shared_state, bool no_wait) {
  if (changes_shared_state && !lock_) lock_.emplace(journal_->dir(), no_wait, gate_, std::cerr);
}

}  // namespace schedlab
