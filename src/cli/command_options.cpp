#include "cli/command_options.h"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <stdexcept>
#include <type_traits>

#include "core/error.h"
#include "input/numbers.h"
#include "spec/option_help.h"
#include "sys/proc_files.h"

namespace schedlab {
namespace {

using Kind = CommandOptionSpec::Kind;

std::string range_text(const CommandOptionSpec& spec) {
  if (spec.whole) return range_words(*spec.whole);
  if (spec.real) return range_words(*spec.real);
  return "";
}

// "paired, welch, mwu or overlap" of "paired|welch|mwu|overlap".
std::string words_text(const std::vector<std::string>& words) {
  if (words.size() < 2) return fmt::format("{}", fmt::join(words, ""));
  return fmt::format("{} or {}", fmt::join(words.begin(), words.end() - 1, ", "), words.back());
}

// The option as a message names it: its long name, or its only one.
std::string option_of(const CommandOptionSpec& spec) { return long_name_of(spec.names); }

// The range or the words, checked while CLI11 parses: our UsageError goes
// through it to the top level, which gives it the command's status for bad
// input (cli/path_options.cpp does the same).
CLI::Option* with_checks(CLI::Option* o, const CommandOptionSpec& spec) {
  if (spec.kind == Kind::kWhole || spec.kind == Kind::kReal || spec.kind == Kind::kChoice || spec.text_check) {
    const std::string option = option_of(spec);
    o->check(CLI::Validator(
        [&spec, option](std::string& text) {
          check_value(spec, option, text);
          return std::string();
        },
        "", ""));
  }
  if (!spec.group.empty()) o->group(spec.group);
  if (spec.required) o->required();
  return o;
}

template <typename Target>
CLI::Option* add_value(CLI::App& app, const CommandOptionSpec& spec, Target& target) {
  const std::string help = help_text(spec);
  // A number's default is the declaration's, stated in the help from it
  // ("random", "stdout" say what happens without the option: no value).
  if constexpr (std::is_same_v<Target, std::string>)
    if (input::parse_real(spec.default_text)) target = spec.default_text;
  if (!spec.path) return app.add_option(spec.names, target, help)->type_name(spec.value);
  switch (*spec.path) {
    case PathRole::kInput: return add_input_path(app, spec.names, target, help, spec.value);
    case PathRole::kOutputFile:
      if constexpr (std::is_same_v<Target, std::string>) return add_output_file(app, spec.names, target, help, spec.existing);
      break;
    case PathRole::kOutputDir:
      if constexpr (std::is_same_v<Target, std::string>) return add_output_dir(app, spec.names, target, help);
      break;
  }
  throw std::logic_error(spec.names + ": an output path is one file or directory");
}

}  // namespace

const CommandOptionSpec& command_option(const std::string& name, const std::string& command) {
  const CommandOptionSpec* found = nullptr;
  for (const auto& spec : command_option_specs()) {
    if (option_of(spec) != name || !(command.empty() || taken_by(spec, command))) continue;
    if (found) throw std::logic_error(fmt::format("{} is declared twice for '{}'", name, command));
    found = &spec;
  }
  if (!found) throw std::logic_error(fmt::format("{}: no declaration names the command '{}'", name, command));
  return *found;
}

std::string help_text(const CommandOptionSpec& spec) {
  return help_with_facts(spec.help, range_text(spec), spec.default_text, spec.unit);
}

bool taken_by(const CommandOptionSpec& spec, const std::string& command) {
  return std::find(spec.commands.begin(), spec.commands.end(), command) != spec.commands.end();
}

std::uint64_t whole_of(const CommandOptionSpec& spec, const std::string& option, const std::string& text) {
  return whole_in(option, text, *spec.whole);
}

double real_of(const CommandOptionSpec& spec, const std::string& option, const std::string& text) {
  return real_in(option, text, *spec.real, spec.unit == "%" ? "a percentage" : "a number", spec.example);
}

void check_value(const CommandOptionSpec& spec, const std::string& option, const std::string& text) {
  if (spec.kind == Kind::kWhole) whole_of(spec, option, text);
  if (spec.kind == Kind::kReal) real_of(spec, option, text);
  if (spec.text_check) spec.text_check(option, text);
  if (spec.kind != Kind::kChoice) return;
  const auto words = sys::split(spec.value, "|");
  if (std::find(words.begin(), words.end(), text) == words.end()) throw UsageError(option, text, words_text(words));
}

CLI::Option* bind_option(CLI::App& app, const std::string& command, const std::string& name, std::string& target) {
  const auto& spec = command_option(name, command);
  return with_checks(add_value(app, spec, target), spec);
}

CLI::Option* bind_option(CLI::App& app, const std::string& command, const std::string& name,
                         std::vector<std::string>& target) {
  const auto& spec = command_option(name, command);
  return with_checks(add_value(app, spec, target), spec);
}

CLI::Option* bind_option(CLI::App& app, const std::string& command, const std::string& name, bool& target) {
  const auto& spec = command_option(name, command);
  if (spec.kind != Kind::kFlag) throw std::logic_error(name + " takes a value: bind it to text");
  return with_checks(app.add_flag(spec.names, target, help_text(spec)), spec);
}

}  // namespace schedlab
