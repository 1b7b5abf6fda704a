// `schedlab restore`, and the check every command that changes the system
// makes at start: undo what a dead run (SIGKILL, power loss) left in its
// journal.  Read-only commands only say that it is needed.
#include <fmt/format.h>

#include <iostream>

#include "cli/command.h"
#include "cli/commands.h"
#include "scenario/journal.h"

namespace schedlab {
namespace {

void print_report(const RestoreReport& r) {
  if (r.pid > 0) std::cerr << fmt::format("schedlab: run {} (journal {}) left changes behind\n", r.pid, r.journal);
  else std::cerr << fmt::format("schedlab: {} could not be restored\n", r.journal);
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

void hint_leftovers() {
  const auto stale = stale_journals();
  if (!stale.empty())
    std::cerr << fmt::format("schedlab: {} interrupted run(s) left changes to the system ({}); "
                             "'schedlab restore' undoes them\n",
                             stale.size(), default_journal_dir());
}

int restore_command() {
  const auto reports = restore_stale_journals();
  for (const auto& r : reports) print_report(r);
  if (reports.empty()) std::cout << "schedlab: nothing to restore (" << default_journal_dir() << ")\n";
  for (const auto& r : reports)
    if (!r.failed.empty()) return 1;
  return 0;
}

Command add_restore(CLI::App& app, const CommandContext&) {
  auto* restore = app.add_subcommand("restore", "undo what an interrupted or killed run left behind (sysctls, "
                                                "cgroups, sched features, mounts), from its journal");
  return {restore, [] { return restore_command(); }};
}

}  // namespace schedlab
