#include "cli/run_command_line.h"

#include <fmt/format.h>

#include <CLI/CLI.hpp>

#include "cli/help_formatter.h"
#include "cli/workload_command_line.h"

namespace schedlab {

RunCommandLine::RunCommandLine(const Workload& w)
    : app(fmt::format("{}: {} (reproduces {})", w.info().name, w.info().summary, w.info().reproduces),
          "schedlab run " + w.info().name) {
  use_wrapping_help(app);
  app.option_defaults()->multi_option_policy(CLI::MultiOptionPolicy::TakeLast);
  add_run_options(app, "run", settings, experiment);
  // How the sets are reported, not what is measured: beside the store
  // options, never part of the spec (grid/lava_report.h).
  app.add_flag("--lava", lava,
               "in a LAVA test shell: report each set with lava-test-case and print the result file into the "
               "job's log for schedlab lava collect; the store is then SCHEDLAB_STORE if the test shell has it, "
               "else none")
      ->group("Run options");
  add_store_options(app, store, true);
  bind_workload_options(app, workload_options.emplace(w.info()));
}

}  // namespace schedlab
