#include "cli/run_options.h"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include "cli/command_options.h"
#include "cli/path_options.h"
#include "spec/run_option_table.h"

namespace schedlab {
namespace {

using Arity = RunOptionSpec::Arity;

CLI::Option* bind(CLI::App& app, RunSettings& s, const RunOptionSpec& spec) {
  const std::string option = long_name(spec);
  switch (spec.arity) {
    case Arity::kFlag:
      return app.add_flag_function(
          spec.names, [&s, &spec, option](std::int64_t) { spec.apply(s, option, "on"); }, help_text(spec));
    case Arity::kRepeatable:
      return app
          .add_option_function<std::vector<std::string>>(
              spec.names,
              [&s, &spec, option](const std::vector<std::string>& values) {
                for (const auto& v : values) spec.apply(s, option, v);
              },
              help_text(spec))
          ->take_all();
    case Arity::kOptional:
      // An optional value: CLI11 calls a vector callback even when none is given.
      return app
          .add_option_function<std::vector<std::string>>(
              spec.names,
              [&s, &spec, option](const std::vector<std::string>& v) {
                spec.apply(s, option, v.empty() ? "" : v.back());
              },
              help_text(spec))
          ->expected(0, 1)
          ->allow_extra_args(false);
    case Arity::kValue: break;
  }
  return app.add_option_function<std::string>(
      spec.names, [&s, &spec, option](const std::string& v) { spec.apply(s, option, v); }, help_text(spec));
}

}  // namespace

void add_run_options(CLI::App& app, const std::string& command, RunSettings& settings, ExperimentTexts& experiment) {
  add_run_options(app, command, settings, experiment, run_option_specs());
}

void add_run_options(CLI::App& app, const std::string& command, RunSettings& settings, ExperimentTexts& experiment,
                     const std::vector<RunOptionSpec>& table) {
  for (const auto& spec : table) {
    if (!taken_by(spec, command)) continue;
    CLI::Option* o = bind(app, settings, spec)->group(spec.group);
    if (!spec.value.empty()) o->type_name(spec.value);
    if (spec.output_file) declare_output_file(app, *o, {.unless = {"--force", "--append"}});
  }
  app.add_option("--vary", experiment.vary,
                 fmt::format("one result set per value, runs interleaved in randomized blocks (repeatable: full "
                             "factorial); KEY is {}, replicate (identical sets: the A/A recipe) or a workload "
                             "option",
                             fmt::join(vary_keys(), ", ")))
      ->type_name("KEY=V1,V2,...")
      ->group("Experiment options")
      ->take_all();
  bind_option(app, command, "--seed", experiment.seed);
}

}  // namespace schedlab
