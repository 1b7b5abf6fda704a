// compare and suite through the real binary.
#include <gtest/gtest.h>
#include <signal.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <thread>

#include "core/utf8.h"
#include "integration/harness.h"
#include "support/mounts.h"
#include "support/skip.h"
#include "workloads/builtin.h"

namespace schedlab::testing {

TEST(CompareCli, EveryStyleOfTwoRealRuns) {
  TempDir dir;
  for (const char* name : {"a.json", "b.json"})
    ASSERT_EQ(run_schedlab({"run", "spawn", "--runs", "3", "--duration", "200ms", "--label",
                            std::string("k-") + name[0], "--json", dir.file(name)}).status, 0);
  for (const char* style : {"mmtests", "lkp", "markdown", "csv", "json", "html"}) {
    const Outcome o = run_schedlab({"compare", dir.file("a.json"), dir.file("b.json"), "--style", style});
    EXPECT_EQ(o.status, 0) << style << ": " << o.err;
    EXPECT_NE(o.out.find("lps"), std::string::npos) << style;
  }
  const Outcome mwu = run_schedlab({"compare", dir.file("a.json"), dir.file("b.json"), "--test", "mwu"});
  EXPECT_EQ(mwu.status, 0) << mwu.err;
  EXPECT_NE(mwu.out.find("Hmean     lps"), std::string::npos) << mwu.out;
}

TEST(CompareCli, BadFilesAndSpecsAreRefused) {
  TempDir dir;
  std::ofstream(dir.file("broken.json")) << R"({"schema": "schedlab.result/1", "sets": [)";
  std::ofstream(dir.file("foreign.json")) << R"({"benchmarks": []})";
  ASSERT_EQ(run_schedlab({"run", "spawn", "--runs", "2", "--duration", "100ms", "--json", dir.file("fork.json")}).status, 0);
  ASSERT_EQ(run_schedlab({"run", "spawn", "--method", "vfork", "--runs", "2", "--duration", "100ms",
                          "--json", dir.file("vfork.json")}).status, 0);
  for (const auto& [args, fragment] : std::vector<std::pair<std::vector<std::string>, std::string>>{
           {{dir.file("broken.json")}, "broken.json: not a valid schedlab result file"},
           {{dir.file("foreign.json")}, "foreign.json: not a valid schedlab result file: no \"schema\""},
           {{dir.file("fork.json"), dir.file("vfork.json")}, "--method fork"},
           {{dir.file("fork.json"), "--test", "ks"}, "--test 'ks'"},
           {{dir.file("fork.json"), "--style", "latex"}, "--style 'latex'"}}) {
    std::vector<std::string> full = {"compare"};
    full.insert(full.end(), args.begin(), args.end());
    const Outcome o = run_schedlab(full);
    EXPECT_EQ(o.status, 2) << o.err;
    EXPECT_NE(o.err.find(fragment), std::string::npos) << o.err;
    EXPECT_EQ(std::count(o.err.begin(), o.err.end(), '\n'), 1) << o.err;
  }
  EXPECT_EQ(run_schedlab({"compare", dir.file("fork.json"), dir.file("vfork.json"), "--force"}).status, 0);
}

// fuzz_compare and fuzz_result_file (deep-nesting.json): nlohmann parses a
// million '[' but copies and frees them recursively; compare died of a
// stack overflow (SIGSEGV).  Now the file is refused in one line, and
// check says "bad input" to git bisect run.
TEST(CompareCli, DeeplyNestedFileIsOneLineNotACrash) {
  TempDir dir;
  std::ofstream(dir.file("deep.json")) << R"({"a": )" << std::string(1000000, '[') << std::string(1000000, ']')
                                        << R"(, "b": 1})";
  const Outcome o = run_schedlab({"compare", dir.file("deep.json"), dir.file("deep.json")});
  EXPECT_EQ(o.status, 2) << o.err;
  EXPECT_NE(o.err.find("deep.json: not a valid schedlab result file: nested deeper than 256 levels"),
            std::string::npos) << o.err;
  EXPECT_EQ(std::count(o.err.begin(), o.err.end(), '\n'), 1) << o.err;
  EXPECT_EQ(run_schedlab({"check", "--baseline", dir.file("deep.json")}).status, 255);
}

// suite lkml answers each report: a verdict line (reproduced, not
// reproduced here, cannot tell, measured) under its heading, in 80 columns.
TEST(Suite, LkmlAnswersEachReportInOneVerdict) {
  TempDir dir;
  const Outcome o = run_schedlab({"suite", "lkml", "--scenario", "context-psi", "--no-store", "--json", dir.path()});
  EXPECT_EQ(o.status, 0) << o.err;
  const auto heading = o.out.find("== context-psi");
  ASSERT_NE(heading, std::string::npos) << o.out;
  const auto verdict = o.out.find('\n', heading) + 1;
  bool named = false;
  for (const char* v : {"reproduced:", "not reproduced here:", "cannot tell:", "measured:", "measurement problem:"})
    named |= o.out.compare(verdict, std::string(v).size(), v) == 0;
  EXPECT_TRUE(named) << "the line after the heading is the verdict: " << o.out;
  EXPECT_EQ(o.out.find("Hmean"), std::string::npos) << "the full table only with --full";
  std::size_t start = 0;
  for (std::size_t end; (end = o.out.find('\n', start)) != std::string::npos; start = end + 1)
    EXPECT_LE(utf8_length(o.out.substr(start, end - start)), 80u) << o.out.substr(start, end - start);
  EXPECT_EQ(run_schedlab({"suite", "lkml", "--scenario", "nope"}).status, 2);
}

TEST(Suite, QuickRunsEveryWorkloadAndKeepsTheFiles) {
  TempDir dir;
  const Outcome o = run_schedlab({"suite", "quick", "--json", dir.path()});
  EXPECT_EQ(o.status, 0) << o.err;
  const auto workloads = builtin_workloads();  // the registry outlives the loop over its items
  for (const auto& workload : workloads.items()) {
    const std::string& w = workload->info().name;
    EXPECT_NE(o.out.find(w), std::string::npos) << w;
    EXPECT_EQ(read_json(dir.file(w + ".json"))["sets"][0]["status"], "PASS") << w;
  }
  EXPECT_TRUE(leftover_children().empty());
  EXPECT_EQ(run_schedlab({"suite", "nope"}).status, 2);
  const Outcome empty = run_schedlab({"suite", "quick", "--scenario", ""});  // not "every scenario"
  EXPECT_EQ(empty.status, 2) << empty.err;
  EXPECT_NE(empty.err.find("--scenario '': expected a scenario's name (a-z"), std::string::npos) << empty.err;
  // Without --json the files are in a scratch directory: the summary is read before it goes.
  const Outcome scratch = run_schedlab({"suite", "quick", "--scenario", "execl", "--no-store"});
  EXPECT_EQ(scratch.status, 0) << scratch.err;
  EXPECT_NE(scratch.out.find("PASS"), std::string::npos) << scratch.out;
  EXPECT_EQ(scratch.out.find("no result"), std::string::npos) << scratch.out;
}

}  // namespace schedlab::testing

namespace schedlab::testing {

TEST(Suite, InterruptedSuiteLeavesNoScratchDirectory) {
  namespace fs = std::filesystem;
  auto scratch = [] {
    for (const auto& e : fs::directory_iterator("/tmp"))
      if (e.path().filename().string().rfind("schedlab-suite-", 0) == 0) return true;
    return false;
  };
  Schedlab s({"suite", "quick", "--no-store"});
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(30);
  while (!scratch() && std::chrono::steady_clock::now() < deadline)
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
  std::this_thread::sleep_for(std::chrono::milliseconds(500));
  s.signal(SIGINT);
  const Outcome o = s.wait();
  EXPECT_EQ(o.status, 130) << o.err;
  // The scratch files go with the suite: with --no-store nothing is kept.
  EXPECT_EQ(o.err.find("kept"), std::string::npos) << o.err;
  EXPECT_FALSE(scratch());
  EXPECT_TRUE(leftover_children().empty());
}

}  // namespace schedlab::testing

namespace schedlab::testing {

// A --json directory the suite cannot write in is bad input, found before
// the first scenario measures; an older result file there is never shown
// as this suite's.
TEST(Suite, AnUnwritableJsonDirectoryIsRefusedBeforeMeasuring) {
  if (geteuid() != 0) SCHEDLAB_SKIP(kRoot) << "needs root to mount";
  TempDir dir;
  const std::string mnt = dir.file("ro");
  const TmpfsMount tmpfs(mnt, "1m");
  ASSERT_EQ(tmpfs.why(), "");
  std::ofstream(mnt + "/execl.json") << "{}\n";  // an older file of that name
  ASSERT_EQ(tmpfs.make_read_only(), "");
  const Outcome o = run_schedlab({"suite", "quick", "--scenario", "execl", "--json", mnt, "--no-store"});
  EXPECT_EQ(o.status, 2) << o.err;
  EXPECT_EQ(std::count(o.err.begin(), o.err.end(), '\n'), 1) << o.err;
  EXPECT_NE(o.err.find("--json '" + mnt + "'"), std::string::npos) << o.err;
  EXPECT_EQ(o.out.find("PASS"), std::string::npos) << o.out;
  EXPECT_TRUE(leftover_children().empty());
}

}  // namespace schedlab::testing
