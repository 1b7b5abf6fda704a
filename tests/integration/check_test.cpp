// `schedlab check` end to end: a temporary git repository whose commits
// build a small C program, one commit making it markedly slower;
// `git bisect run` with `schedlab check` must name that commit.
#include <gtest/gtest.h>
#include <sys/stat.h>
#include <unistd.h>

#include <fstream>

#include "integration/harness.h"
#include "support/skip.h"
#include "sys/proc_files.h"

namespace schedlab::testing {
namespace {

int sh(const std::string& dir, const std::string& command) {
  return system(("cd " + dir + " && " + command + " >/dev/null 2>&1").c_str());
}

void commit(const std::string& dir, const std::string& name, long loops) {
  std::ofstream(dir + "/prog.c") << "/* " << name << " */\nint main(void) { volatile unsigned long s = 0;\n"
                                 << "  for (unsigned long i = 0; i < " << loops << "UL; i++) s += i;\n"
                                 << "  return s == 1; }\n";
  ASSERT_EQ(sh(dir, "git add prog.c && git commit -qm " + name), 0);
}

bool have(const char* program) {
  return system((std::string("command -v ") + program + " >/dev/null 2>&1").c_str()) == 0;
}

}  // namespace

TEST(Check, GitBisectRunFindsTheSlowCommit) {
  if (!have("git") || !have("cc")) SCHEDLAB_SKIP(kTools) << "needs git and cc";
  TempDir repo;
  const std::string& dir = repo.path();
  ASSERT_EQ(sh(dir, "git init -q && git config user.email t@example.invalid && git config user.name t"), 0);
  // Long enough (about 0.1 s) that one slow run does not dominate the
  // spread.  This VM moves between performance states up to about 2x apart
  // for tens of seconds, so the slow commit does ten times the work and the
  // threshold is 150%: no state change can flip a verdict, which keeps this
  // a test of the bisection, not of the machine's stability.
  commit(dir, "c1", 100000000);
  commit(dir, "c2", 100000000);
  commit(dir, "c3", 100000000);
  commit(dir, "c4-slow", 1000000000);
  commit(dir, "c5", 1000000000);
  ASSERT_EQ(sh(dir, "git checkout -q HEAD~4 && cc -O0 -o prog prog.c"), 0);
  const std::string good = repo.file("good.json");
  Outcome base = run_schedlab({"run", "command", "--runs", "8", "--cwd", dir, "--json", good, "--",
                               dir + "/prog"});
  ASSERT_EQ(base.status, 0) << base.err;
  // A sequential check says "bad" only beyond the machine's between-sitting
  // spread: the store's past sittings of this spec on this host tell it.
  for (int i = 0; i < 3; ++i)
    ASSERT_EQ(run_schedlab({"run", "command", "--runs", "4", "--cwd", dir, "--", dir + "/prog"}).status, 0);
  // The good build kept beside the tree: each step re-measures it now,
  // interleaved with the step's build (--interleave), the design immune to
  // this VM's speed states.  A baseline-only check on a baseline that met
  // two machine states answers 125 by design (unit-tested with synthetic
  // files in sequential_decision_test).
  ASSERT_EQ(sh(dir, "cp prog prog.good"), 0);
  ASSERT_EQ(sh(dir, "git checkout -q -"), 0);
  const std::string step = std::string("cc -O0 -o prog prog.c && ") + SCHEDLAB_BIN +
                           " check --trust-baseline --baseline " + good + " --threshold 150 --interleave " + dir +
                           "/prog.good";
  TempDir logs;
  const std::string log_file = logs.file("bisect.log");
  const int rc = system(("cd " + dir + " && git bisect start HEAD HEAD~4 >/dev/null && git bisect run sh -c '" +
                          step + "' > " + log_file + " 2>&1").c_str());
  const std::string log = sys::read_text(log_file).value_or("");
  ASSERT_EQ(rc, 0) << log;
  EXPECT_NE(log.find("is the first bad commit"), std::string::npos) << log;
  EXPECT_NE(log.find("c4-slow"), std::string::npos) << log;
  EXPECT_TRUE(leftover_children().empty());
}

TEST(Check, VerdictsEvidenceAndBadInput) {
  TempDir dir;
  const std::string good = dir.file("good.json");
  ASSERT_EQ(run_schedlab({"run", "command", "--runs", "3", "--json", good, "--", "sh", "-c",
                          "i=0; while [ $i -lt 100000 ]; do i=$((i+1)); done"}).status, 0);
  // The same program again: good unless the machine became 5x slower (a
  // threshold far above this VM's state changes; see the bisect test).
  const Outcome same = run_schedlab({"check", "--trust-baseline", "--baseline", good, "--threshold", "400", "--json",
                                     dir.file("check.json")});
  EXPECT_EQ(same.status, 0) << same.out << same.err;
  EXPECT_EQ(same.out.rfind("good: elapsed_s ", 0), 0u) << same.out;
  const auto evidence = read_json(dir.file("check.json"));
  EXPECT_EQ(evidence["verdict"], "good");
  EXPECT_GE(evidence["set"]["runs"].size(), 3u);
  EXPECT_EQ(run_schedlab({"check", "--baseline", dir.file("missing.json")}).status, 255)
      << "bad input stops the bisection";
  EXPECT_EQ(run_schedlab({"check"}).status, 255);
  EXPECT_EQ(run_schedlab({"check", "--baseline", good, "--threshold", "abc"}).status, 255);
  EXPECT_EQ(run_schedlab({"check", "--baseline", good, "--guest-clock", "host"}).status, 255)
      << "--guest-clock goes with --good-kernel";
}

}  // namespace schedlab::testing

namespace schedlab::testing {

// check re-runs the baseline's whole spec: its warmup runs too (they were
// dropped), once, before the first batch.
TEST(Check, RunsTheBaselinesWarmupRuns) {
  TempDir dir;
  const std::string good = dir.file("good.json");
  Outcome base = run_schedlab({"run", "spawn", "--duration", "200ms", "--runs", "3", "--warmup-runs",
                               "1", "--json", good});
  ASSERT_EQ(base.status, 0) << base.err;
  const Outcome c = run_schedlab({"check", "--baseline", good, "--threshold", "900", "--max-runs", "6",
                                  "--json", dir.file("check.json")});
  ASSERT_NE(c.status, 255) << c.err;
  const auto evidence = read_json(dir.file("check.json"))["set"];
  EXPECT_EQ(evidence["warmup_runs"].size(), 1u);
  EXPECT_EQ(evidence["scenario"]["requested"]["warmup_runs"], 1);
  EXPECT_EQ(evidence["argv"][1], "check");
}

}  // namespace schedlab::testing

namespace schedlab::testing {

// --interleave re-measures the good program now (the baseline's command
// with GOOD in place of its program), in blocks with the current one, and
// decides without any history; a spec with no program to replace is bad
// input.
TEST(Check, InterleaveReMeasuresTheGoodProgram) {
  TempDir dir;
  const std::string good = dir.file("good.json");
  const std::string loop = "i=0; while [ $i -lt 200000 ]; do i=$((i+1)); done";
  ASSERT_EQ(run_schedlab({"run", "command", "--runs", "4", "--json", good, "--", "sh", "-c", loop}).status, 0);
  // The current program: the same loop run five times over.
  std::ofstream(dir.file("slow")) << "#!/bin/sh\nfor k in 1 2 3 4 5; do sh \"$@\"; done\n";
  ASSERT_EQ(chmod(dir.file("slow").c_str(), 0755), 0);
  const std::string slow = dir.file("slow.json");
  ASSERT_EQ(run_schedlab({"run", "command", "--runs", "4", "--json", slow, "--", dir.file("slow"), "-c", loop}).status,
            0);
  const Outcome inter = run_schedlab({"check", "--trust-baseline", "--baseline", slow, "--interleave", "sh",
                                      "--threshold", "50", "--json", dir.file("inter.json")});
  EXPECT_EQ(inter.status, 1) << inter.out << inter.err;
  EXPECT_EQ(inter.out.rfind("bad: elapsed_s ", 0), 0u) << inter.out;
  EXPECT_NE(inter.out.find("alpha 0.05"), std::string::npos) << inter.out;
  EXPECT_NE(inter.out.find("threshold 50%"), std::string::npos) << inter.out;
  const auto evidence = read_json(dir.file("inter.json"));
  EXPECT_EQ(evidence["design"], "interleaved");
  EXPECT_GE(evidence["good_set"]["runs"].size(), 3u);
  EXPECT_GT(evidence["set"]["runs"][0]["block"].get<int>(), 0);
  const Outcome spawn = run_schedlab({"run", "spawn", "--duration", "100ms", "--runs", "2", "--json",
                                      dir.file("spawn.json")});
  ASSERT_EQ(spawn.status, 0) << spawn.err;
  const Outcome refused = run_schedlab({"check", "--baseline", dir.file("spawn.json"), "--interleave", "sh"});
  EXPECT_EQ(refused.status, 255);
  EXPECT_NE(refused.err.find("--interleave"), std::string::npos) << refused.err;
  EXPECT_TRUE(leftover_children().empty());
}

}  // namespace schedlab::testing
