// Unit tests for src/cli/reference/: the command line read as data, and
// the man page and completions generated from it.
#include <gtest/gtest.h>

#include <CLI/CLI.hpp>

#include "cli/reference/command_model.h"
#include "cli/reference/completions.h"
#include "cli/reference/man_page.h"

namespace schedlab::reference {
namespace {

struct Toy {
  CLI::App app{"schedlab: a toy", "schedlab"};
  std::string style, json, hidden;
  bool flag = false;
  std::vector<std::string> files;
  Toy() {
    auto* sub = app.add_subcommand("compare", "compare sets");
    sub->add_option("files", files, "result files")->type_name("FILE");
    sub->add_option("--style", style, "the table")->type_name("mmtests|lkp|N");
    sub->add_option("--json", json, "write it")->type_name("FILE");
    sub->add_flag("--paired", flag, "pair runs");
    sub->add_option("--secret", hidden, "not shown")->group("");
  }
};

const OptionDoc* find(const CommandDoc& c, const std::string& name) {
  for (const auto& o : c.options)
    if (std::find(o.names.begin(), o.names.end(), name) != o.names.end()) return &o;
  return nullptr;
}

TEST(CliReference, ReadsOptionsChoicesAndPathsFromTheApp) {
  Toy toy;
  const CliDoc doc = describe_cli(toy.app, builtin_workloads());
  ASSERT_EQ(doc.commands.size(), 1u);
  const auto& c = doc.commands[0];
  EXPECT_EQ(find(c, "--style")->choices, (std::vector<std::string>{"mmtests", "lkp"})) << "N is a placeholder";
  EXPECT_TRUE(find(c, "--json")->takes_path);
  EXPECT_TRUE(find(c, "files")->positional);
  EXPECT_EQ(find(c, "--paired")->value, "");
  EXPECT_EQ(find(c, "--secret"), nullptr) << "hidden options stay hidden";
  EXPECT_EQ(find(c, "--help"), nullptr);
}

TEST(CliReference, EveryWorkloadWithItsOwnAndTheRunOptions) {
  Toy toy;
  const CliDoc doc = describe_cli(toy.app, builtin_workloads());
  ASSERT_FALSE(doc.workloads.empty());
  const auto& spawn = doc.workloads.front().command;
  EXPECT_EQ(spawn.name, "run spawn");
  EXPECT_EQ(find(spawn, "--method")->choices, (std::vector<std::string>{"fork", "vfork"}));
  EXPECT_EQ(find(spawn, "--autogroup")->choices, (std::vector<std::string>{"on", "off"}));
  EXPECT_TRUE(find(spawn, "--sysctl")->repeatable);
  EXPECT_EQ(find(spawn, "--runs")->group, "Run options");
  EXPECT_NE(find(spawn, "--store"), nullptr);
}

TEST(CliReference, RoffEscapesWhatRoffWouldRead) {
  EXPECT_EQ(roff_escape("--cgroup-depth"), "\\-\\-cgroup\\-depth");
  EXPECT_EQ(roff_escape("a\\b"), "a\\eb");
  EXPECT_EQ(roff_escape(".TH not a request"), "\\&.TH not a request");
  EXPECT_EQ(roff_escape("'quoted"), "\\&'quoted");
}

TEST(CliReference, GeneratedTextsNameEveryCommandAndWorkload) {
  Toy toy;
  const CliDoc doc = describe_cli(toy.app, builtin_workloads());
  const std::string man = man_page(doc, "1.2.3"), bash = bash_completion(doc), zsh = zsh_completion(doc);
  EXPECT_EQ(man.rfind(".TH SCHEDLAB 1 \"\" \"schedlab 1.2.3\"", 0), 0u);
  EXPECT_NE(man.find(".SS \"schedlab run wakeup\""), std::string::npos);
  EXPECT_NE(man.find("\\fB\\-\\-style\\fR \\fImmtests|lkp|N\\fR"), std::string::npos);
  EXPECT_NE(bash.find("\"compare --style\") COMPREPLY=($(compgen -W \"mmtests lkp\""), std::string::npos);
  EXPECT_NE(bash.find("\"run spawn --method\")"), std::string::npos);
  EXPECT_NE(zsh.find("'--style[the table]:mmtests|lkp|N:(mmtests lkp)'"), std::string::npos);
  EXPECT_NE(zsh.find("'*--sysctl["), std::string::npos) << "a repeatable option is offered again";
  EXPECT_EQ(zsh.find("--secret"), std::string::npos);
}

}  // namespace
}  // namespace schedlab::reference

namespace schedlab::reference {
namespace {

// A command of commands (`lava job`): each listed whole in the man page,
// completed after its parent in both shells.
TEST(CliReference, SubcommandsOfACommandAreCommandsToo) {
  CLI::App app{"schedlab: a toy", "schedlab"};
  std::string kernel, out;
  auto* lava = app.add_subcommand("lava", "a lab");
  auto* job = lava->add_subcommand("job", "write a job");
  job->add_option("--kernel", kernel, "a kernel")->type_name("NAME=URL");
  job->add_option("-o,--output", out, "the file")->type_name("FILE");
  lava->add_subcommand("collect", "read a job");
  const CliDoc doc = describe_cli(app, builtin_workloads());
  ASSERT_EQ(doc.commands.size(), 3u);
  EXPECT_EQ(doc.commands[1].name, "lava job");
  EXPECT_TRUE(find(doc.commands[1], "--output")->takes_path);
  const std::string man = man_page(doc, "1"), bash = bash_completion(doc), zsh = zsh_completion(doc);
  EXPECT_NE(man.find(".SS lava job\nwrite a job"), std::string::npos) << man;
  EXPECT_NE(bash.find("compgen -W \"lava --help --version\""), std::string::npos) << bash;
  EXPECT_NE(bash.find("COMPREPLY=($(compgen -W \"job collect\" -- \"$cur\"))"), std::string::npos) << bash;
  EXPECT_NE(bash.find("\"lava job\") opts=\"--kernel -o --output --help\";;"), std::string::npos) << bash;
  EXPECT_NE(zsh.find("subcommands=( 'job:write a job' 'collect:read a job')"), std::string::npos) << zsh;
  EXPECT_NE(zsh.find("('lava job') _arguments"), std::string::npos) << zsh;
}

}  // namespace
}  // namespace schedlab::reference
