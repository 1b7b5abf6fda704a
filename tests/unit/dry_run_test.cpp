// --dry-run is structural: every command that measures or changes the system
// declares that it plans (and honours context.dry_run); only the read-only
// commands may stop at "the command line is valid".
#include <gtest/gtest.h>

#include "cli/command.h"

namespace schedlab {
namespace {

TEST(DryRun, EveryCommandThatChangesTheSystemPrintsAPlan) {
  const auto workloads = builtin_workloads();
  const auto probes = builtin_probes();
  CLI::App app;
  const CommandContext context{workloads, probes, {"schedlab"}, true};
  int planning = 0;
  for (AddCommand add : all_commands()) {
    const Command c = add(app, context);
    if (c.changes_system) {
      EXPECT_EQ(c.dry_run, DryRun::kPlans) << c.app->get_name() << " changes the system: --dry-run must plan";
      ++planning;
    }
  }
  EXPECT_GE(planning, 4) << "run, check, suite, kernels";
}

}  // namespace
}  // namespace schedlab
