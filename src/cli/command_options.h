#pragma once
// The options of the commands besides run's table (spec/run_option_table.h),
// declared once each in the same shape: names, value, help, unit, range,
// default and the commands that take it (cli/command_option_entries.cpp).
// A command binds a declaration that names it, through one binder that
// enforces the range while the command line is parsed (before anything
// runs) and states it in the help; --help, the man page, the completions
// and docs/options.md read the bound options, and the tests walk the
// declarations.  Adding an option is one entry and the line of the command
// that binds it to its field.
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include <CLI/CLI.hpp>

#include "cli/path_options.h"
#include "spec/option_bounds.h"

namespace schedlab {

inline constexpr const char* kStoreGroup = "Store options";

struct CommandOptionSpec {
  enum class Kind {
    kText,    // any text, checked by the code that uses it (a format's registry, a store selector)
    kFlag,    // --notes
    kWhole,   // a whole number in `whole`
    kReal,    // a real number in `real`
    kChoice,  // one of the words of `value`: "paired|welch|mwu|overlap"
  };
  using WholeRange = WholeBounds;  // spec/option_bounds.h: a flow that reads the text too shares them
  using RealRange = RealBounds;
  std::string names;  // CLI11 names: "-o,--output"; a positional's name: "files"
  std::string value;  // what it takes, for help: "PCT", "FILE"; "" for a flag
  std::string help;   // what it does; help_text adds the range and the default
  std::string unit;   // what a bare number counts: "%", "runs"; "" when nothing
  std::string group;  // "" for the command's own, "Store options"
  std::string default_text;  // "5", "report.html"; "" when the default is no value
  Kind kind = Kind::kText;
  std::optional<WholeRange> whole;
  std::optional<RealRange> real;
  std::string example;  // kReal: a good value for the message ("0.05"); a text_check's, for the tests
  std::optional<PathRole> path;  // what schedlab does with a path (cli/path_options.h)
  ExistingFile existing;         // an output file's rule for a file already there
  bool required = false;
  std::vector<std::string> commands;  // "check", "lava collect": the commands that bind it
  // kText: the check of a value of its own shape (--memory's size), run
  // while parsing as a range is; throws UsageError naming the option.
  void (*text_check)(const std::string& option, const std::string& text) = nullptr;
};

const std::vector<CommandOptionSpec>& command_option_specs();

// The declaration named `name` ("--alpha", "files") that `command` takes;
// throws std::logic_error when there is none (a command binds only the
// declarations that name it).  `command` "" finds the one declaration of
// `name` (--store: the same for every command).
const CommandOptionSpec& command_option(const std::string& name, const std::string& command);

// The help as printed: what it does, then its range and default with its
// unit ("most runs before giving up with 125 (2 to 1000 runs, default 15)").
std::string help_text(const CommandOptionSpec& spec);

// Whether `command` is in spec.commands.
bool taken_by(const CommandOptionSpec& spec, const std::string& command);

// `text` checked against the declaration's range or words; throws
// UsageError naming `option` and what is allowed.
void check_value(const CommandOptionSpec& spec, const std::string& option, const std::string& text);
// A kWhole or kReal value, checked as the binder checks it.
std::uint64_t whole_of(const CommandOptionSpec& spec, const std::string& option, const std::string& text);
double real_of(const CommandOptionSpec& spec, const std::string& option, const std::string& text);

// The one binder: the declaration `name` of `command` on `app`, its value
// into `target` (a path option through cli/path_options.h).
CLI::Option* bind_option(CLI::App& app, const std::string& command, const std::string& name, std::string& target);
CLI::Option* bind_option(CLI::App& app, const std::string& command, const std::string& name,
                         std::vector<std::string>& target);
CLI::Option* bind_option(CLI::App& app, const std::string& command, const std::string& name, bool& target);

}  // namespace schedlab
