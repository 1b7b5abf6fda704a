// `schedlab restore`: undo what a dead run (SIGKILL, power loss) left in its
// journal (every Session does so at its start).  Read-only commands only say
// that it is needed (hint_leftovers).
#include <fmt/format.h>

#include <iostream>

#include "cli/command.h"
#include "cli/commands.h"
#include "scenario/journal.h"
#include "session/session.h"

namespace schedlab {
void hint_leftovers() {
  const auto stale = stale_journals();
  if (!stale.empty())
    std::cerr << fmt::format("schedlab: {} interrupted run(s) left changes to the system ({}); "
                             "'schedlab restore' undoes them\n",
                             stale.size(), default_journal_dir());
}

int restore_command(bool dry_run) {
  if (dry_run) {
    const auto stale = stale_journals();
    std::cout << fmt::format("dry run: {} interrupted run(s) would be undone ({})\n", stale.size(),
                             default_journal_dir());
    for (const auto& j : stale) std::cout << "  " << j << "\n";
    return 0;
  }
  const auto reports = restore_stale_journals();
  for (const auto& r : reports) print_restore_report(r, std::cerr);
  if (reports.empty()) std::cout << "schedlab: nothing to restore (" << default_journal_dir() << ")\n";
  for (const auto& r : reports)
    if (!r.failed.empty()) return 1;
  return 0;
}

Command add_restore(CLI::App& app, const CommandContext& context) {
  auto* restore = app.add_subcommand("restore", "undo what an interrupted or killed run left behind (sysctls, "
                                                "cgroups, sched features, mounts), from its journal");
  return {restore, [&context] { return restore_command(context.dry_run); }, 2, false, DryRun::kPlans};
}

}  // namespace schedlab
