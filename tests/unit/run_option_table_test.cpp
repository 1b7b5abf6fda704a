// Unit tests for src/spec/run_option_table: the one declaration of every run
// and scenario option, walked entry by entry, so that an option added later
// is checked without anyone adding it here.
#include <fmt/format.h>
#include <gtest/gtest.h>

#include <CLI/CLI.hpp>
#include <fstream>
#include <iostream>
#include <sstream>
#include <iterator>

#include "cli/reference/command_model.h"
#include "cli/reference/completions.h"
#include "cli/reference/man_page.h"
#include "cli/run_app.h"
#include "cli/run_command_line.h"
#include "core/error.h"
#include "spec/run_option_table.h"
#include "workloads/builtin.h"

namespace schedlab {
namespace {

// What `schedlab run spawn --OPTION=VALUE` says: "" when it is accepted.
std::string refusal(const RunOptionSpec& spec, const std::string& value) {
  const auto workloads = builtin_workloads();
  RunCommandLine line(*workloads.find("spawn"));
  try {
    line.app.parse(std::vector<std::string>{long_name(spec) + "=" + value});
  } catch (const UsageError& e) {
    return e.what();
  }
  return "";
}

std::string read_file(const std::string& path) {
  std::ifstream in(path);
  return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

// std::cout into a string for the life of the object.
class CapturedStdout {
 public:
  CapturedStdout() : saved_(std::cout.rdbuf(out_.rdbuf())) {}
  ~CapturedStdout() { std::cout.rdbuf(saved_); }
  CapturedStdout(const CapturedStdout&) = delete;
  CapturedStdout& operator=(const CapturedStdout&) = delete;
  std::string text() const { return out_.str(); }

 private:
  std::ostringstream out_;
  std::streambuf* saved_;
};

}  // namespace

TEST(RunOptionTable, EveryEntryIsComplete) {
  for (const auto& spec : run_option_specs()) {
    EXPECT_EQ(long_name(spec).rfind("--", 0), 0u) << spec.names << ": no long name";
    EXPECT_FALSE(spec.help.empty()) << spec.names << ": no help";
    EXPECT_TRUE(spec.set != nullptr) << spec.names << ": no parser";
    EXPECT_TRUE(spec.group == kRunGroup || spec.group == kScenarioGroup) << spec.names;
    EXPECT_FALSE(spec.key.empty()) << spec.names << ": no key (its name in messages and in the record)";
    EXPECT_EQ(option_of_key(spec.key), &spec) << spec.key << " is the key of two options";
    if (spec.identity) {
      EXPECT_TRUE(spec.recorded()) << spec.names << ": part of a set's identity but not recorded";
    }
  }
}

// The range the help states is the one the parser enforces, named by the
// option: the bounds are the entry's data, read by both.
TEST(RunOptionTable, TheBoundsInTheHelpAreTheOnesEnforced) {
  int walked = 0;
  for (const auto& spec : run_option_specs()) {
    if (!spec.range) continue;
    const int min = spec.range->min, max = spec.range->max;
    EXPECT_NE(help_text(spec).find(fmt::format("{} to {}", min, max)), std::string::npos) << help_text(spec);
    for (int v : {min - 1, max + 1})
      EXPECT_NE(refusal(spec, std::to_string(v)).find(fmt::format("{} '{}'", long_name(spec), v)), std::string::npos)
          << spec.names << " " << v << " is outside the range its help states";
    for (int v : {min, max}) EXPECT_EQ(refusal(spec, std::to_string(v)), "") << spec.names << " " << v;
    ++walked;
  }
  EXPECT_GE(walked, 5);
}

// The default the help states is the one a run gets without the option
// (an option whose default is no value, as --duration's, is not recorded
// as one: its users apply the default).
TEST(RunOptionTable, TheDefaultInTheHelpIsTheDefault) {
  const RunSettings defaults;
  for (const auto& spec : run_option_specs()) {
    if (spec.default_text.empty()) continue;
    EXPECT_NE(help_text(spec).find("default " + spec.default_text), std::string::npos) << help_text(spec);
    if (!spec.recorded() || spec.record(defaults) == ordered_json(nullptr)) continue;
    RunSettings given;
    spec.apply(given, long_name(spec), spec.default_text);
    EXPECT_EQ(spec.record(given), spec.record(defaults)) << spec.names << " " << spec.default_text;
  }
}

// A bad value read back from a result file names the field and the option,
// through the option's own parser.
TEST(RunOptionTable, AResultFileIsReadThroughTheEntrysParser) {
  for (const auto& spec : run_option_specs()) {
    if (!spec.range) continue;
    ordered_json requested = RunSettings{};
    requested[spec.key] = spec.range->max + 1;
    RunSettings s;
    try {
      from_json(requested, s);
      ADD_FAILURE() << spec.key << " " << spec.range->max + 1 << " read back";
    } catch (const UsageError& e) {
      EXPECT_NE(std::string(e.what()).find(fmt::format("scenario.requested.{} ({})", spec.key, long_name(spec))),
                std::string::npos)
          << e.what();
    }
  }
}

// Every entry reaches every generated text: the man page, both shells'
// completions and docs/options.md (which a test of the binary compares
// whole with `schedlab --help-markdown`).
TEST(RunOptionTable, EveryEntryIsInTheManPageCompletionsAndDocs) {
  CLI::App app{"schedlab", "schedlab"};
  const reference::CliDoc doc = reference::describe_cli(app, builtin_workloads());
  const std::string man = reference::man_page(doc, "test"), bash = reference::bash_completion(doc),
                    zsh = reference::zsh_completion(doc);
  const std::string docs = read_file(std::string(SCHEDLAB_SOURCE_DIR) + "/docs/options.md");
  for (const auto& spec : run_option_specs()) {
    const std::string name = long_name(spec);
    EXPECT_NE(man.find(reference::roff_escape(name)), std::string::npos) << name << " is not in the man page";
    EXPECT_NE(man.find(reference::roff_escape(help_text(spec))), std::string::npos) << name << "'s help, in the man page";
    EXPECT_NE(bash.find(name), std::string::npos) << name << " is not in the bash completion";
    EXPECT_NE(zsh.find(name), std::string::npos) << name << " is not in the zsh completion";
    EXPECT_NE(docs.find("`" + name + "`"), std::string::npos)
        << name << " is not in docs/options.md: regenerate it with `build/schedlab --help-markdown > docs/options.md`";
  }
}

// docs/options.md is generated, whole, from the parsers (hence from this
// table for the run and scenario options), not written by hand.
TEST(RunOptionTable, DocsOptionsIsWhatSchedlabGenerates) {
  std::string name = "schedlab", markdown = "--help-markdown";
  std::vector<char*> argv{name.data(), markdown.data(), nullptr};
  std::string generated;
  {
    const CapturedStdout out;
    ASSERT_EQ(run_app(2, argv.data()), 0);
    generated = out.text();
  }
  EXPECT_EQ(read_file(std::string(SCHEDLAB_SOURCE_DIR) + "/docs/options.md"), generated)
      << "docs/options.md is not what the parsers generate: regenerate it with "
         "`build/schedlab --help-markdown > docs/options.md`";
}

}  // namespace schedlab
