// Every `schedlab ...` line in the README's and docs' code blocks still
// parses and passes every check: each runs with --dry-run, which checks the
// command line (and the machine, for commands that measure or change it),
// prints the plan and exits 0 without measuring, changing or writing.  An
// example that stops parsing fails here, not in a reader's terminal.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <regex>
#include <sstream>

#include <sys/wait.h>

#include "integration/harness.h"

namespace schedlab::testing {
namespace {

namespace fs = std::filesystem;

struct Example {
  std::string file;
  int line = 0;
  std::string text;  // "schedlab run spawn ...", continuation lines joined
};

// A synopsis ("schedlab run WORKLOAD [options]") is not an example: it
// names placeholders in capitals, brackets or alternatives; nor is a line
// of a script, whose variables only the script sets.
bool synopsis(const std::string& line) {
  static const std::regex kPlaceholder(R"((^|\s)[A-Z][A-Z0-9_]{2,}([.,=:\s]|$))");
  return line.find('[') != std::string::npos || line.find('|') != std::string::npos ||
         line.find('$') != std::string::npos ||  // a script's line: its variables are the script's
         line.find("...") != std::string::npos || std::regex_search(line, kPlaceholder);
}

std::vector<Example> examples_in(const fs::path& path) {
  std::vector<Example> out;
  std::ifstream in(path);
  bool block = false;
  std::string line, pending;
  int number = 0, start = 0;
  while (std::getline(in, line)) {
    ++number;
    if (line.rfind("```", 0) == 0) {
      block = !block;
      continue;
    }
    if (!block) continue;
    if (!pending.empty()) {
      pending += " " + line;
    } else {
      std::string text = line.rfind("$ ", 0) == 0 ? line.substr(2) : line;
      if (text.rfind("schedlab ", 0) != 0 || synopsis(text)) continue;
      pending = text;
      start = number;
    }
    if (!pending.empty() && pending.back() == '\\') {
      pending.pop_back();
      continue;
    }
    out.push_back({path.filename().string(), start, pending});
    pending.clear();
  }
  return out;
}

std::vector<Example> all_examples() {
  const fs::path source = SCHEDLAB_SOURCE_DIR;
  auto out = examples_in(source / "README.md");
  for (const auto& entry : fs::directory_iterator(source / "docs"))
    if (entry.path().extension() == ".md")
      for (auto& e : examples_in(entry.path())) out.push_back(std::move(e));
  return out;
}

// The result files an example reads (good.json, old/*.json) exist in its
// directory: each is a real result of this build.
void provide_inputs(const std::string& text, const TempDir& dir, const std::string& result) {
  std::istringstream words(text);
  std::string word, previous;
  for (; words >> word; previous = word) {
    if (word.size() < 6 || word.compare(word.size() - 5, 5, ".json") != 0) continue;
    if (previous == "--json" || previous == "-j" || previous == "--schbench-json" || previous == "-o") continue;
    const fs::path target = fs::path(dir.path()) / (word.find('*') != std::string::npos
                                                        ? fs::path(word).parent_path() / "a.json"
                                                        : fs::path(word));
    fs::create_directories(target.parent_path());
    if (!fs::exists(target)) fs::copy_file(result, target);
  }
}

// The example as a reader's shell runs it: quotes, ~ and comments included.
Outcome run_in_shell(const std::string& command, const TempDir& dir) {
  const std::string out = dir.file("stdout"), err = dir.file("stderr");
  const int status = std::system((command + " >" + out + " 2>" + err).c_str());
  return {WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status), slurp(out), slurp(err)};
}

// The examples reproduce reports from 4-CPU and larger machines: on a
// smaller one, --dry-run's check of the machine refuses them, as it should.
bool too_small_here(const std::string& err) {
  return err.find("expected CPUs this process may use") != std::string::npos ||
         err.find("(one CPU per message thread)") != std::string::npos;
}

}  // namespace

TEST(ReadmeExamples, EveryExampleParsesAndChecksUnderDryRun) {
  const auto examples = all_examples();
  ASSERT_GT(examples.size(), 40u) << "the extraction found the examples";
  TempDir fixture;
  const auto made = run_schedlab({"run", "spawn", "--runs", "2", "--duration", "100ms", "--no-store", "--json",
                                  fixture.file("r.json")});
  ASSERT_EQ(made.status, 0) << made.err;
  for (const auto& e : examples) {
    TempDir home;  // HOME and the working directory: ~/src/git, the store, result files
    fs::create_directories(home.file("src/git"));
    fs::create_directories(home.file("bin"));
    fs::create_symlink(SCHEDLAB_BIN, home.file("bin/schedlab"));
    provide_inputs(e.text, home, fixture.file("r.json"));
    const std::string command = "cd " + home.path() + " && export HOME=" + home.path() + " XDG_DATA_HOME=" +
                                home.file("data") + " PATH=" + home.file("bin") + ":$PATH && " +
                                "schedlab --dry-run " + e.text.substr(std::string("schedlab ").size());
    const Outcome o = run_in_shell("(\n" + command + "\n)", fixture);  // a trailing # comment ends at its line
    if (o.status == 2 && too_small_here(o.err)) continue;
    EXPECT_EQ(o.status, 0) << e.file << ":" << e.line << ": " << e.text << "\n" << o.err;
    EXPECT_NE(o.out.find("dry run: "), std::string::npos) << e.file << ":" << e.line << ": " << e.text << "\n" << o.out;
    EXPECT_FALSE(fs::exists(home.file("data/schedlab"))) << e.text << ": a dry run created the store";
  }
  EXPECT_TRUE(leftover_children().empty());
  EXPECT_FALSE(journals_left());
}

}  // namespace schedlab::testing

namespace schedlab::testing {

// docs/options.md is `schedlab --help-markdown`: a default the docs state is
// the tool's.  SCHEDLAB_UPDATE_GOLDEN=1 rewrites the file from the binary.
TEST(ReadmeExamples, DocsOptionsIsTheToolsOwn) {
  const Outcome o = run_schedlab({"--help-markdown"});
  ASSERT_EQ(o.status, 0) << o.err;
  const std::string path = std::string(SCHEDLAB_SOURCE_DIR) + "/docs/options.md";
  if (std::getenv("SCHEDLAB_UPDATE_GOLDEN")) std::ofstream(path) << o.out;
  std::ifstream in(path);
  const std::string docs{std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
  EXPECT_EQ(docs, o.out) << "docs/options.md differs from `schedlab --help-markdown`; regenerate it with "
                            "SCHEDLAB_UPDATE_GOLDEN=1";
}

}  // namespace schedlab::testing
