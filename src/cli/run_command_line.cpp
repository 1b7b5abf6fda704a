#include "cli/run_command_line.h"

#include <fmt/format.h>

#include "cli/help_formatter.h"
#include "cli/workload_command_line.h"

namespace schedlab {

RunCommandLine::RunCommandLine(const Workload& w)
    : app(fmt::format("{}: {} (reproduces {})", w.info().name, w.info().summary, w.info().reproduces),
          "schedlab run " + w.info().name) {
  use_wrapping_help(app);
  app.option_defaults()->multi_option_policy(CLI::MultiOptionPolicy::TakeLast);
  add_run_options(app, settings, experiment);
  add_store_options(app, store, true);
  bind_workload_options(app, workload_options.emplace(w.info()));
}

}  // namespace schedlab
