#include "cli/bisect_options.h"

#include "cli/command_options.h"
#include "cli/help_formatter.h"

namespace schedlab {

BisectCommandLine::BisectCommandLine()
    : app("bisect: find the commit that made a workload slower; every step builds the commit's kernel and "
          "judges it beside the good revision's kernel, boots interleaved (check --kernel --good-kernel)",
          "schedlab bisect") {
  use_wrapping_help(app);
  app.option_defaults()->multi_option_policy(CLI::MultiOptionPolicy::TakeLast);
  BisectTexts& t = texts;
  const std::string bisect = "bisect";
  // Each bound to its declaration (cli/guest_option_entries.cpp; --threshold
  // and --max-boots are check's too).
  for (auto [name, target] : {std::pair{"--tree", &t.tree}, {"--good", &t.good}, {"--bad", &t.bad},
                              {"--config", &t.config}, {"--jobs", &t.jobs}, {"--build-cmd", &t.build_cmd},
                              {"--build-dir", &t.build_dir}, {"--threshold", &t.threshold},
                              {"--max-boots", &t.max_boots}, {"--vcpus", &t.vcpus}, {"--memory", &t.memory},
                              {"--accel", &t.accel}, {"--guest-clock", &t.clock}})
    bind_option(app, bisect, name, *target);
  for (auto [name, target] : {std::pair{"--emulated-ok", &t.emulated_ok}, {"--side-by-side", &t.side_by_side},
                              {"--one-at-a-time", &t.one_at_a_time}, {"--resume", &t.resume}})
    bind_option(app, bisect, name, *target);
}

}  // namespace schedlab
