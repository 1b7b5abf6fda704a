#include "cli/reference/command_model.h"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <CLI/CLI.hpp>
#include <algorithm>
#include <regex>

#include "cli/bisect_options.h"
#include "cli/kernels_options.h"
#include "cli/path_options.h"
#include "cli/run_command_line.h"

namespace schedlab::reference {
namespace {

// "on|off" and "N|auto|Kx" name their literal values in lower case; N, Kx
// and fifo:P are placeholders.
std::vector<std::string> choices_in(const std::string& type_name) {
  if (type_name.find('|') == std::string::npos) return {};
  static const std::regex literal("[a-z][a-z0-9_-]*");
  std::vector<std::string> out;
  std::size_t from = 0;
  while (from <= type_name.size()) {
    const std::size_t bar = std::min(type_name.find('|', from), type_name.size());
    const std::string word = type_name.substr(from, bar - from);
    if (std::regex_match(word, literal)) out.push_back(word);
    from = bar + 1;
  }
  return out;
}

bool names_a_path(const std::string& value) {
  static const std::regex path("(FILE|DIR|PATH|PROGRAM)(\\.\\.\\.)?(\\|.*)?");
  return std::regex_match(value, path);
}

std::vector<std::string> names_of(const CLI::Option& o) {
  if (o.get_positional() && !o.nonpositional()) return {o.get_name()};
  std::vector<std::string> names;
  for (const auto& s : o.get_snames()) names.push_back("-" + s);
  for (const auto& l : o.get_lnames()) names.push_back("--" + l);
  return names;
}

OptionDoc option_doc(const CLI::Option& o) {
  OptionDoc d;
  d.names = names_of(o);
  d.positional = o.get_positional() && !o.nonpositional();
  d.value = o.get_expected_max() == 0 ? "" : o.get_type_name();
  d.help = o.get_description();
  d.group = o.get_group() == "Options" ? "" : o.get_group();
  d.choices = choices_in(d.value);
  d.path_role = path_role_of(o);
  d.takes_path = !d.path_role.empty() || names_a_path(d.value) ||
                 (d.positional && d.value.find("FILE") != std::string::npos);
  d.repeatable = o.get_items_expected_max() > 1 || o.get_multi_option_policy() == CLI::MultiOptionPolicy::TakeAll;
  return d;
}

CommandDoc command_doc(const CLI::App& app, const std::string& name) {
  CommandDoc c{name, app.get_description(), {}};
  for (const CLI::Option* o : app.get_options()) {
    if (o == app.get_help_ptr() || o->get_group().empty()) continue;  // hidden
    c.options.push_back(option_doc(*o));
  }
  return c;
}

// The ParamSpec's choices and kinds where the CLI11 option does not say.
void complete_from_spec(OptionDoc& d, const WorkloadInfo& info) {
  for (const auto& spec : info.params) {
    if (std::find(d.names.begin(), d.names.end(), "--" + spec.name) == d.names.end() &&
        !(d.positional && d.names.front() == spec.name))
      continue;
    if (spec.kind == ParamKind::kChoice) {
      d.choices = spec.choices;
      d.value = fmt::format("{}", fmt::join(spec.choices, "|"));
    }
    if (spec.kind == ParamKind::kProgram || spec.kind == ParamKind::kCommand) {
      d.takes_path = true;
      d.path_role = "program";  // run, not written: a baseline's is vetted (runner/spec_trust.h)
    }
    if (spec.kind == ParamKind::kProgram) d.value = "PROGRAM";
    if (spec.kind == ParamKind::kInteger) d.value = 'N';
  }
}

WorkloadDoc workload_doc(const Workload& w) {
  const auto& info = w.info();
  RunCommandLine line(w);
  WorkloadDoc d{command_doc(line.app, "run " + info.name), info.name, info.reproduces, info.metrics,
                info.primary_metric};
  d.command.summary = info.summary;
  for (auto& o : d.command.options) complete_from_spec(o, info);
  return d;
}

}  // namespace

CliDoc describe_cli(const CLI::App& app, const WorkloadRegistry& workloads) {
  CliDoc doc{app.get_description(), {}, {}};
  for (const CLI::App* sub : app.get_subcommands([](const CLI::App*) { return true; })) {
    doc.commands.push_back(command_doc(*sub, sub->get_name()));
    if (sub->get_name() == "kernels") {
      // Its options are parsed after the prefix by its own command line, as
      // run's are by each workload's.
      const KernelsCommandLine line;
      doc.commands.back().options = command_doc(line.app, "kernels").options;
    }
    if (sub->get_name() == "bisect") {  // likewise
      const BisectCommandLine line;
      doc.commands.back().options = command_doc(line.app, "bisect").options;
    }
    // `lava job`, `lava collect`: a command of commands, each listed whole.
    for (const CLI::App* nested : sub->get_subcommands([](const CLI::App*) { return true; }))
      doc.commands.push_back(command_doc(*nested, sub->get_name() + " " + nested->get_name()));
  }
  for (const auto& w : workloads.items()) doc.workloads.push_back(workload_doc(*w));
  return doc;
}

}  // namespace schedlab::reference
