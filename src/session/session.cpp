#include "session/session.h"


#include <iostream>

#include "spec/run_option_table.h"
#include "sys/reaper.h"

namespace schedlab {
bool restore_leftovers() {
  bool all_restored = true;
  for (const auto& report : restore_stale_journals()) {
    print_restore_report(report, std::cerr);
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
  if (changes_shared_state && !lock_) lock_.emplace(journal_->dir(), no_wait, gate_, std::cerr, option_name);
}

}  // namespace schedlab
