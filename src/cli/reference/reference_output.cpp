#include "cli/reference/reference_output.h"

#include <CLI/CLI.hpp>
#include <iostream>
#include <string>

#include <nlohmann/json.hpp>

#include "cli/reference/completions.h"
#include "cli/reference/man_page.h"
#include "cli/reference/markdown_reference.h"
#include "core/error.h"
#include "core/version.h"

namespace schedlab::reference {
namespace {

nlohmann::ordered_json option_json(const OptionDoc& o) {
  return {{"names", o.names},       {"value", o.value},           {"group", o.group},
          {"choices", o.choices},   {"positional", o.positional}, {"takes_path", o.takes_path},
          {"path_role", o.path_role}, {"repeatable", o.repeatable}};
}

nlohmann::ordered_json command_json(const CommandDoc& c) {
  nlohmann::ordered_json options = nlohmann::ordered_json::array();
  for (const auto& o : c.options) options.push_back(option_json(o));
  return {{"name", c.name}, {"options", options}};
}

// The command model as data, for the tests that walk every option of every
// command (`schedlab --help-model`, not documented for users).
nlohmann::ordered_json model_json(const CliDoc& doc) {
  nlohmann::ordered_json commands = nlohmann::ordered_json::array();
  for (const auto& c : doc.commands) commands.push_back(command_json(c));
  for (const auto& w : doc.workloads) commands.push_back(command_json(w.command));
  return {{"commands", commands}};
}

}  // namespace

std::optional<int> print_reference(const CLI::App& app, const WorkloadRegistry& workloads, int argc,
                                   char** argv) {
  const std::string first = argc > 1 ? argv[1] : "";
  if (first != "--help-man" && first != "--completion" && first != "--help-model" && first != "--help-markdown")
    return std::nullopt;
  const std::string shell = argc > 2 ? argv[2] : "";
  if (first == "--completion" && shell != "bash" && shell != "zsh")
    throw UsageError("--completion", shell, "bash or zsh");
  const CliDoc doc = describe_cli(app, workloads);
  if (first == "--help-man") std::cout << man_page(doc, tool_version());
  else if (first == "--help-model") std::cout << model_json(doc).dump(2) << "\n";
  else if (first == "--help-markdown") std::cout << markdown_reference(doc);
  else std::cout << (shell == "bash" ? bash_completion(doc) : zsh_completion(doc));
  return 0;
}

}  // namespace schedlab::reference
