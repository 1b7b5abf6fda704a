// Unit tests for the two option tables as data: the run and scenario options
// (spec/run_option_table.h) and the other commands' (cli/command_options.h).
// Each declaration names the commands that take it; these tests walk the
// commands schedlab builds and every declaration, so that an option added
// later is checked without anyone adding it here.
#include <fmt/format.h>
#include <fmt/ranges.h>
#include <gtest/gtest.h>

#include <CLI/CLI.hpp>
#include <algorithm>
#include <fstream>
#include <iterator>
#include <map>
#include <set>

#include "cli/bisect_options.h"
#include "cli/command.h"
#include "cli/command_options.h"
#include "cli/kernels_options.h"
#include "cli/reference/command_model.h"
#include "cli/reference/completions.h"
#include "cli/reference/man_page.h"
#include "cli/run_command_line.h"
#include "core/error.h"
#include "input/numbers.h"
#include "spec/option_help.h"
#include "spec/run_option_table.h"
#include "sys/proc_files.h"
#include "support/registries.h"

namespace schedlab {
namespace {

// Every command's options as the command model reads them from the apps
// schedlab builds; `run` is each workload's command line ("run spawn").
struct BuiltCommands {
  BuiltCommands() {
    for (AddCommand add : all_commands()) owners.push_back(add(app, context));  // they own what the options write
    doc = reference::describe_cli(app, context.workloads);
  }
  // The declarations' name for a command of the model.
  static std::string command_of(const reference::CommandDoc& c) {
    return c.name.rfind("run ", 0) == 0 ? "run" : c.name;
  }
  std::vector<reference::CommandDoc> commands() const {
    std::vector<reference::CommandDoc> all;
    for (const auto& c : doc.commands)
      if (c.name != "run") all.push_back(c);  // its options are each workload's
    for (const auto& w : doc.workloads) all.push_back(w.command);
    return all;
  }

  const CommandContext context{testing::workload_registry(), testing::probe_list(), {"schedlab"}, false};
  CLI::App app{"schedlab", "schedlab"};
  std::vector<Command> owners;
  reference::CliDoc doc;
};

// A declaration as the command model shows a bound option: its name, value and help.
struct Declared {
  std::string name, value, help;
  std::vector<std::string> commands;
};

std::vector<Declared> every_declaration() {
  std::vector<Declared> all;
  for (const auto& s : run_option_specs()) all.push_back({long_name(s), s.value, help_text(s), s.commands});
  for (const auto& s : command_option_specs()) all.push_back({long_name_of(s.names), s.value, help_text(s), s.commands});
  return all;
}

bool shows(const reference::CommandDoc& c, const Declared& d) {
  return std::any_of(c.options.begin(), c.options.end(), [&](const reference::OptionDoc& o) {
    return std::find(o.names.begin(), o.names.end(), d.name) != o.names.end() && o.value == d.value &&
           o.help == d.help;
  });
}

// `words` parsed by the command line of `command`: run's is a workload's,
// kernels' and bisect's their own after the prefix (as the command model
// reads them), the others' schedlab's ("lava job": a command of commands).
void parse_as(const std::string& command, std::vector<std::string> words) {
  if (command == "run") {
    const auto workloads = builtin_workloads();
    RunCommandLine line(*workloads.find("spawn"));
    line.app.parse(std::move(words));
  } else if (command == "kernels") {
    KernelsCommandLine line;
    line.app.parse(std::move(words));
  } else if (command == "bisect") {
    BisectCommandLine line;
    line.app.parse(std::move(words));
  } else {
    BuiltCommands built;
    const auto path = sys::split(command, " ");  // CLI11 takes the words last first
    words.insert(words.end(), path.rbegin(), path.rend());
    built.app.parse(std::move(words));
  }
}

// The words `schedlab COMMAND --OPTION=VALUE` is refused with; "" when the
// option accepts the value (the command may still miss another option).
// A positional takes the value alone.
std::string refusal(const std::string& command, const CommandOptionSpec& spec, const std::string& value) {
  const std::string option = long_name_of(spec.names);
  try {
    parse_as(command, {option.rfind('-', 0) == 0 ? option + "=" + value : value});
  } catch (const UsageError& e) {
    return e.what();
  } catch (const CLI::ParseError&) {  // another option missing: this one was taken
  }
  return "";
}

std::string above(std::uint64_t max) { return max == UINT64_MAX ? std::to_string(max) + "0" : std::to_string(max + 1); }

// The row of docs/options.md's table of declarations.
std::string docs_row(const std::string& names, const std::string& unit, const std::vector<std::string>& commands) {
  return fmt::format("| `{}` | {} | {} |\n", fmt::join(sys::split(names, ","), "`, `"), unit, fmt::join(commands, ", "));
}

std::string options_doc() {
  std::ifstream in(std::string(SCHEDLAB_SOURCE_DIR) + "/docs/options.md");
  return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

}  // namespace

TEST(OptionDeclarations, EveryDeclarationIsCompleteAndNamesACommand) {
  const BuiltCommands built;
  std::set<std::string> known;
  for (const auto& c : built.commands()) known.insert(BuiltCommands::command_of(c));
  for (const auto& d : every_declaration()) {
    EXPECT_FALSE(d.help.empty()) << d.name << ": no help";
    EXPECT_FALSE(d.commands.empty()) << d.name << ": no command takes it";
    for (const auto& c : d.commands) EXPECT_TRUE(known.count(c)) << d.name << ": '" << c << "' is no command";
  }
  for (const auto& s : command_option_specs())
    for (const auto& c : s.commands)
      EXPECT_EQ(&command_option(long_name_of(s.names), c), &s) << s.names << " is declared twice for " << c;
}

// "Which commands take it" is the declarations' data: a command shows a
// declared option (its names and its help) exactly when the declaration
// names the command.
TEST(OptionDeclarations, EveryCommandBindsExactlyTheDeclarationsThatNameIt) {
  const BuiltCommands built;
  const auto declared = every_declaration();
  int bound = 0;
  for (const auto& c : built.commands()) {
    const std::string command = BuiltCommands::command_of(c);
    for (const auto& d : declared) {
      const bool listed = std::find(d.commands.begin(), d.commands.end(), command) != d.commands.end();
      // Another declaration of the same words may be the one this command takes (run's --force and export's).
      const bool listed_elsewhere = std::any_of(declared.begin(), declared.end(), [&](const Declared& e) {
        return e.name == d.name && e.value == d.value && e.help == d.help &&
               std::find(e.commands.begin(), e.commands.end(), command) != e.commands.end();
      });
      if (listed) {
        EXPECT_TRUE(shows(c, d)) << c.name << " does not take " << d.name << " as declared";
      } else if (!listed_elsewhere) {
        EXPECT_FALSE(shows(c, d)) << c.name << " takes " << d.name << ": not declared so";
      }
      bound += listed;
    }
  }
  EXPECT_GE(bound, 100);
}

// The range the help states is the one enforced while the command line is
// parsed, named by the option, in every command that takes it.
TEST(OptionDeclarations, TheBoundsInTheHelpAreTheOnesEnforced) {
  int walked = 0;
  for (const auto& spec : command_option_specs()) {
    if (!spec.whole && !spec.real) continue;
    const std::string option = long_name_of(spec.names);
    std::vector<std::string> out, in;
    if (spec.whole) {
      EXPECT_NE(help_text(spec).find(fmt::format("{} to {}", spec.whole->min, spec.whole->max)), std::string::npos);
      out = {spec.whole->min == 0 ? "-1" : std::to_string(spec.whole->min - 1), above(spec.whole->max)};
      in = {std::to_string(spec.whole->min), std::to_string(spec.whole->max)};
    } else {
      EXPECT_NE(help_text(spec).find(fmt::format("above {} and below {}", spec.real->above, spec.real->below)),
                std::string::npos);
      out = {fmt::format("{}", spec.real->above), fmt::format("{}", spec.real->below)};
      in = {spec.example};
    }
    for (const auto& command : spec.commands) {
      for (const auto& v : out)
        EXPECT_NE(refusal(command, spec, v).find(fmt::format("{} '{}'", option, v)), std::string::npos)
            << command << " " << option << " " << v << " is outside the range its help states";
      for (const auto& v : in) EXPECT_EQ(refusal(command, spec, v), "") << command << " " << option << " " << v;
      ++walked;
    }
  }
  EXPECT_GE(walked, 6);
}

// A value of its own shape (--memory's size) is checked while parsing too,
// named by the option, in every command that takes it.
TEST(OptionDeclarations, ATextOfItsOwnShapeIsCheckedWhileParsing) {
  int walked = 0;
  for (const auto& spec : command_option_specs()) {
    if (!spec.text_check) continue;
    const std::string option = long_name_of(spec.names);
    ASSERT_FALSE(spec.example.empty()) << option << ": a good value for this test";
    for (const auto& command : spec.commands) {
      // A line break in the value is written as its escape: the refusal stays one line.
      const std::string refused = refusal(command, spec, "not a\nvalue");
      EXPECT_NE(refused.find(option + " 'not a\\u000avalue'"), std::string::npos) << command << " " << option;
      EXPECT_EQ(refused.find('\n'), std::string::npos) << refused;
      EXPECT_EQ(refusal(command, spec, spec.example), "") << command << " " << option << " " << spec.example;
      ++walked;
    }
  }
  EXPECT_GE(walked, 2);
}

// A number's default is the declaration's: what the help states is what
// the command gets without the option.
TEST(OptionDeclarations, ANumbersDefaultIsTheDeclaredOne) {
  int walked = 0;
  for (const auto& spec : command_option_specs()) {
    if (spec.default_text.empty() || (!spec.whole && !spec.real)) continue;
    EXPECT_NE(help_text(spec).find("default " + spec.default_text), std::string::npos) << help_text(spec);
    // --seed's "random", --jobs' "this machine's CPUs": no value, the command's choice.
    if (!input::parse_real(spec.default_text)) continue;
    CLI::App app;
    std::string target = "not the default";
    bind_option(app, spec.commands.front(), long_name_of(spec.names), target);
    app.parse(std::vector<std::string>{});
    EXPECT_EQ(target, spec.default_text) << spec.names;
    ++walked;
  }
  EXPECT_GE(walked, 4);
}

// A declaration of words (--accel kvm|tcg) is enforced by its words, named
// by the option, in every command that takes it.
TEST(OptionDeclarations, TheWordsInTheHelpAreTheOnesEnforced) {
  int walked = 0;
  for (const auto& spec : command_option_specs()) {
    if (spec.kind != CommandOptionSpec::Kind::kChoice) continue;
    const std::string option = long_name_of(spec.names);
    for (const auto& command : spec.commands) {
      EXPECT_NE(refusal(command, spec, "nosuchword").find(fmt::format("{} 'nosuchword'", option)), std::string::npos)
          << command << " " << option << " takes a word its declaration does not list";
      for (const auto& word : sys::split(spec.value, "|"))
        EXPECT_EQ(refusal(command, spec, word), "") << command << " " << option << " " << word;
      ++walked;
    }
  }
  EXPECT_GE(walked, 8);
}

// Every declaration reaches every generated text: the man page, both
// shells' completions and docs/options.md, with the commands that take it.
TEST(OptionDeclarations, EveryDeclarationIsInTheManPageCompletionsAndDocs) {
  const BuiltCommands built;
  const std::string man = reference::man_page(built.doc, "test"), bash = reference::bash_completion(built.doc),
                    zsh = reference::zsh_completion(built.doc);
  const std::string docs = options_doc();
  for (const auto& spec : command_option_specs()) {
    const std::string name = long_name_of(spec.names);
    EXPECT_NE(man.find(reference::roff_escape(help_text(spec))), std::string::npos) << name << "'s help, in the man page";
    if (name.rfind("--", 0) == 0) {
      EXPECT_NE(bash.find(name), std::string::npos) << name << " is not in the bash completion";
      EXPECT_NE(zsh.find(name), std::string::npos) << name << " is not in the zsh completion";
    }
    EXPECT_NE(docs.find(docs_row(spec.names, spec.unit, spec.commands)), std::string::npos)
        << name << " and its commands are not in docs/options.md: regenerate it with "
                   "`build/schedlab --help-markdown > docs/options.md`";
  }
  for (const auto& spec : run_option_specs())
    EXPECT_NE(docs.find(docs_row(spec.names, spec.unit, spec.commands)), std::string::npos)
        << spec.names << ", its unit and its commands are not in docs/options.md";
}

// A flag cannot be bound to text, nor a value to a flag, and a command
// binds only what names it.
TEST(OptionDeclarations, TheBinderRefusesAMismatch) {
  CLI::App app;
  bool flag = false;
  std::string text;
  EXPECT_THROW(bind_option(app, "check", "--threshold", flag), std::logic_error);
  EXPECT_THROW(bind_option(app, "history", "--threshold", text), std::logic_error);
  EXPECT_NO_THROW(bind_option(app, "check", "--threshold", text));
}

}  // namespace schedlab
