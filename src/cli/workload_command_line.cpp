#include "cli/workload_command_line.h"

#include <fmt/format.h>

#include "cli/path_options.h"

namespace schedlab {
namespace {

// "-m,--message-threads,--mthreads": the short name, the name, the aliases.
std::string names_of(const ParamSpec& spec) {
  std::string name = (spec.short_name ? std::string("-") + spec.short_name + "," : std::string()) + "--" + spec.name;
  for (const auto& alias : spec.aliases) name += ",--" + alias;
  return name;
}

// The help with what is allowed and the default, from the descriptor.
std::string help_of(const ParamSpec& spec) {
  std::string help = spec.help;
  if (spec.kind == ParamKind::kChoice || spec.kind == ParamKind::kInteger)
    help += fmt::format(" ({})", describe_allowed(spec));
  if (!spec.default_text.empty()) help += fmt::format(" [default {}]", spec.default_text);
  return help;
}

CLI::Option* bind(CLI::App& app, WorkloadOptions& options, const ParamSpec& spec) {
  const std::string name = names_of(spec);
  switch (spec.kind) {
    case ParamKind::kFlag: return app.add_flag(name, options.flag_slot(spec.name), spec.help);
    case ParamKind::kList: return app.add_option(name, options.list_slot(spec.name), spec.help)->take_all();
    case ParamKind::kCommand: return app.add_option(spec.name, options.list_slot(spec.name), spec.help);
    default: break;
  }
  if (param_role(spec) == ParamRole::kOutput)
    return add_output_file(app, name, options.text_slot(spec.name), help_of(spec), {.stdout_dash = true});
  return app.add_option(name, options.text_slot(spec.name), help_of(spec));
}

}  // namespace

void bind_workload_options(CLI::App& app, WorkloadOptions& options) {
  for (const auto& spec : options.info().params) bind(app, options, spec)->group("Workload options");
}

}  // namespace schedlab
