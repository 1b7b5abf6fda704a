// `schedlab restore`, and the check every command makes at start: undo what
// a dead run (SIGKILL, power loss) left in its journal.
#include <fmt/format.h>

#include <iostream>

#include "cli/commands.h"
#include "scenario/journal.h"

namespace schedlab {
namespace {

void print_report(const RestoreReport& r) {
  std::cerr << fmt::format("schedlab: run {} (journal {}) left changes behind\n", r.pid, r.journal);
  for (const auto& what : r.undone) std::cerr << "schedlab:   undone: " << what << "\n";
  for (const auto& problem : r.failed) std::cerr << "schedlab:   NOT restored: " << problem << "\n";
}

}  // namespace

bool restore_leftovers() {
  bool all_restored = true;
  for (const auto& report : restore_stale_journals()) {
    print_report(report);
    all_restored &= report.failed.empty();
  }
  return all_restored;
}

int restore_command() {
  const auto reports = restore_stale_journals();
  for (const auto& r : reports) print_report(r);
  if (reports.empty()) std::cout << "schedlab: nothing to restore (" << default_journal_dir() << ")\n";
  for (const auto& r : reports)
    if (!r.failed.empty()) return 1;
  return 0;
}

}  // namespace schedlab
