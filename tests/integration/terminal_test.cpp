// What a person sees and keeps (issue "what people look at"): result files
// that are never overwritten by accident, a live progress line on a
// terminal, the comparison a --vary run was made for, schbench's options
// and -j JSON, and output that fits 80 columns.
#include <gtest/gtest.h>
#include <sys/stat.h>

#include <fstream>
#include <sstream>

#include "integration/harness.h"
#include "support/skip.h"

namespace schedlab::testing {
namespace {

const std::vector<std::string> kShortSpawn = {"run", "spawn", "--duration", "100ms", "--runs", "1", "--no-store"};

std::vector<std::string> with_args(std::vector<std::string> args, const std::vector<std::string>& more) {
  args.insert(args.end(), more.begin(), more.end());
  return args;
}

std::string file_text(const std::string& path) {
  std::ifstream in(path);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

// Lines wider than 80 columns, with their width, for the failure message.
std::string wide_lines(const std::string& text) {
  std::istringstream in(text);
  std::string line, wide;
  while (std::getline(in, line))
    if (line.size() > 80) wide += std::to_string(line.size()) + ": " + line + "\n";
  return wide;
}

}  // namespace

TEST(ResultFile, AnExistingFileIsNeverOverwrittenByAccident) {
  TempDir dir;
  const std::string json = dir.file("baseline.json");
  ASSERT_EQ(run_schedlab(with_args(kShortSpawn, {"--json", json})).status, 0);
  const std::string before = file_text(json);
  const Outcome refused = run_schedlab(with_args(kShortSpawn, {"--json", json}));
  EXPECT_EQ(refused.status, 2);
  EXPECT_NE(refused.err.find("--json '" + json + "': expected a new file (this one exists: --force replaces it"),
            std::string::npos)
      << refused.err;
  EXPECT_EQ(refused.out, "") << "refused before anything was measured";
  EXPECT_EQ(file_text(json), before);
  ASSERT_EQ(run_schedlab(with_args(kShortSpawn, {"--json", json, "--force"})).status, 0);
  EXPECT_EQ(read_json(json)["sets"].size(), 1u);
  EXPECT_NE(file_text(json), before);
}

TEST(ResultFile, AppendAddsSetsOfTheSameSpecOnly) {
  TempDir dir;
  const std::string json = dir.file("r.json");
  ASSERT_EQ(run_schedlab(with_args(kShortSpawn, {"--json", json, "--label", "first"})).status, 0);
  ASSERT_EQ(run_schedlab(with_args(kShortSpawn, {"--json", json, "--append", "--label", "second"})).status, 0);
  const auto sets = read_json(json)["sets"];
  ASSERT_EQ(sets.size(), 2u);
  EXPECT_EQ(sets[0]["label"], "first");
  EXPECT_EQ(sets[1]["label"], "second");
  const Outcome other = run_schedlab(
      {"run", "spawn", "--method", "vfork", "--duration", "100ms", "--runs", "1", "--no-store", "--json", json,
       "--append"});
  EXPECT_EQ(other.status, 2);
  EXPECT_NE(other.err.find("--append: " + json + " holds another workload spec"), std::string::npos) << other.err;
  EXPECT_EQ(read_json(json)["sets"].size(), 2u);
  EXPECT_EQ(run_schedlab(with_args(kShortSpawn, {"--json", json, "--append", "--force"})).status, 2);
}

TEST(Terminal, ProgressLineWithAnEtaOnATerminalOnly) {
  if (access("/usr/bin/script", X_OK) != 0)
    SCHEDLAB_SKIP(kTools) << "needs script(1) from util-linux for a terminal";
  // A two-second window: the line is refreshed at least once a second.
  // sh -c '...' SCHEDLAB_BIN: the binary arrives as $0.
  const Outcome tty = run_schedlab(
      {}, {"sh", "-c", "exec script -qec \"$0 run spawn --duration 2 --runs 1 --no-store\" /dev/null </dev/null"});
  ASSERT_EQ(tty.status, 0) << tty.err;
  EXPECT_NE(tty.out.find("spawn run 1/1  window "), std::string::npos) << tty.out;
  EXPECT_NE(tty.out.find("/2s  0 of 1 runs done, ETA "), std::string::npos) << tty.out;
  EXPECT_NE(tty.out.find("\033[K"), std::string::npos) << "rewritten in place";
  const Outcome piped = run_schedlab({"run", "spawn", "--duration", "2", "--runs", "1", "--no-store"});
  ASSERT_EQ(piped.status, 0);
  EXPECT_EQ(piped.err.find("ETA"), std::string::npos) << piped.err;
  EXPECT_EQ(piped.out.find("ETA"), std::string::npos) << piped.out;
}

TEST(Terminal, VaryEndsWithTheComparisonItWasRunFor) {
  const Outcome o = run_schedlab({"run", "spawn", "--vary", "method=fork,vfork", "--duration", "100ms", "--runs",
                                  "2", "--seed", "7", "--no-store"});
  ASSERT_EQ(o.status, 0) << o.err;
  const auto table = o.out.rfind("test: paired-t");
  ASSERT_NE(table, std::string::npos) << o.out;
  EXPECT_NE(o.out.find("spawn.lps", table), std::string::npos) << "one line per metric: " << o.out;
  EXPECT_GT(table, o.out.rfind("[PASS]")) << "after every set's summary";
  EXPECT_NE(o.out.find("method=fork", table), std::string::npos) << o.out;
}

TEST(Terminal, EveryLineOfListAndHelpFits80Columns) {
  for (const std::vector<std::string>& args :
       std::vector<std::vector<std::string>>{{"list"},
                                             {"list", "--probes"},
                                             {"--help"},
                                             {"run", "--help"},
                                             {"compare", "--help"},
                                             {"check", "--help"},
                                             {"suite", "--help"},
                                             {"run", "spawn", "--help"},
                                             {"run", "exec", "--help"},
                                             {"run", "shell", "--help"},
                                             {"run", "command", "--help"},
                                             {"run", "wakeup", "--help"}}) {
    const Outcome o = run_schedlab(args);
    EXPECT_EQ(o.status, 0) << args.front();
    EXPECT_EQ(wide_lines(o.out), "") << args.front() << " " << args.back();
  }
  const Outcome run = run_schedlab({"run", "wakeup", "-m", "2", "-t", "1", "--duration", "200ms", "--runs", "1",
                                    "--no-store", "--vary", "sleep-us=100,200"});
  ASSERT_EQ(run.status, 0) << run.err;
  EXPECT_EQ(wide_lines(run.out), "");
}

TEST(Schbench, OptionsByTheirSchbenchNamesAndItsJson) {
  TempDir dir;
  const std::string j = dir.file("schbench.json");
  const Outcome o = run_schedlab({"run", "wakeup", "--message-threads", "1", "--threads", "2", "--runtime", "200ms",
                                  "--sleep_usec", "50", "--runs", "1", "--no-store", "-j", j, "-J", "myjob"});
  ASSERT_EQ(o.status, 0) << o.err;
  const auto doc = read_json(j);
  EXPECT_EQ(doc["normal"]["jobname"], "myjob");
  EXPECT_TRUE(doc["normal"].contains("cmdline"));
  for (const char* key : {"wakeup_latency_pct50.0", "wakeup_latency_pct99.0", "wakeup_latency_max",
                          "request_latency_pct99.0", "rps_pct50.0", "runtime", "time"})
    EXPECT_TRUE(doc["int"].contains(key)) << key;
  EXPECT_TRUE(doc["int"]["wakeup_latency_pct50.0"].is_number_integer());
  const Outcome z = run_schedlab({"run", "wakeup", "-z", "1"});
  EXPECT_EQ(z.status, 2);
  EXPECT_NE(z.err.find("-z/--zerotime: not supported"), std::string::npos) << z.err;
  const Outcome a = run_schedlab({"run", "wakeup", "--auto-rps", "50"});
  EXPECT_EQ(a.status, 2);
  EXPECT_NE(a.err.find("--auto-rps: not supported"), std::string::npos) << a.err;
}

}  // namespace schedlab::testing
