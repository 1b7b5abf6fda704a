// Unit tests for src/grid/lava_case_sink.cpp: --lava as a result sink for
// run, suite and check.
#include "grid/lava_case_sink.h"

#include <gtest/gtest.h>
#include <sys/stat.h>

#include <algorithm>
#include <sstream>

#include "support/temp_dir.h"
#include "unit/support/sample_result.h"

namespace schedlab::grid {
namespace {

using testing::TempDir;

// A lava-test-case that prints its words, one call a line.
std::string echo_tool(const TempDir& dir) {
  std::string tool = dir.write("lava-test-case", "#!/bin/sh\necho \"case $*\"\n");
  chmod(tool.c_str(), 0755);
  return tool;
}

TEST(LavaTestCaseSink, ReportsTheSetsThenItsOwnCasesThenTheResultBlock) {
  TempDir dir;
  std::ostringstream out;
  LavaTestCaseSink sink(echo_tool(dir), "check", "check", "2026-12-03T10:00:00Z", out);
  sink.add_case({"check.lps", "pass", 1.5, "%"});
  ResultSet set = testing::sample_set();
  sink.save({set});
  EXPECT_EQ(out.str(), "") << "nothing before the sets are final";
  sink.finish({set});
  const std::string text = out.str();
  const auto set_case = text.find("case check.");
  const auto verdict = text.find("case check.lps --result pass --measurement 1.5 --units %");
  ASSERT_NE(set_case, std::string::npos) << text;
  ASSERT_NE(verdict, std::string::npos) << text;
  EXPECT_LT(set_case, verdict) << "the set's case first: " << text;
  EXPECT_NE(text.find("check", verdict + 10), std::string::npos) << "then the result block: " << text;
  EXPECT_EQ(sink.failure(), "");
}

// Issue 33: every metric of a set reaches LAVA, each with its mean and
// unit; the set's own case (the primary metric) comes first.
TEST(LavaTestCaseSink, EveryMetricOfASetIsACaseWithItsUnit) {
  ResultSet set = testing::sample_set();
  const auto cases = set_cases({set}, "boot1");
  ASSERT_EQ(cases.size(), set.metrics.size());
  EXPECT_EQ(cases[0].name, "boot1.6.13.1.spawn");
  EXPECT_EQ(cases[0].units, "loops/s");
  const auto summary = set.summarize();
  for (std::size_t i = 1; i < cases.size(); ++i) {
    const std::string metric = cases[i].name.substr(std::string("boot1.6.13.1.spawn.").size());
    ASSERT_TRUE(summary.count(metric)) << cases[i].name;
    EXPECT_EQ(cases[i].result, "pass") << metric;
    ASSERT_TRUE(cases[i].measurement) << metric;
    EXPECT_DOUBLE_EQ(*cases[i].measurement, summary.at(metric).mean) << metric;
  }
  const auto sys = std::find_if(cases.begin(), cases.end(), [](const LavaCase& c) { return c.name.ends_with(".sys_s"); });
  ASSERT_NE(sys, cases.end());
  EXPECT_EQ(sys->units, "s");
  set.status = Status::kError;  // a failed set's figures say so
  for (const auto& c : set_cases({set})) EXPECT_EQ(c.result, "fail") << c.name;
}

TEST(LavaTestCaseSink, WithoutAToolReportsNothing) {
  std::ostringstream out;
  LavaTestCaseSink sink("", "", "spawn.json", "2026-12-03T10:00:00Z", out);
  sink.finish({testing::sample_set()});
  EXPECT_EQ(out.str(), "");
}

TEST(LavaTestCaseSink, AnEmptyBlockIsPrintedUnlessSkipped) {
  TempDir dir;
  std::ostringstream kept, skipped;
  LavaTestCaseSink run(echo_tool(dir), "", "spawn.json", "2026-12-03T10:00:00Z", kept);
  run.finish({});
  EXPECT_NE(kept.str(), "") << "run prints its (empty) result file";
  LavaTestCaseSink check(echo_tool(dir), "check", "check", "2026-12-03T10:00:00Z", skipped);
  check.skip_empty_block();
  check.add_case({"check.lps", "skip", std::nullopt, "%"});
  check.finish({});
  EXPECT_EQ(skipped.str(), "case check.lps --result skip\n") << "check skipped before a batch: its verdict only";
}

TEST(LavaTestCaseSink, AToolThatCannotStartIsKeptForTheCommand) {
  TempDir dir;
  std::ostringstream out;
  LavaTestCaseSink sink(dir.file("missing/lava-test-case"), "", "spawn.json", "2026-12-03T10:00:00Z", out);
  sink.finish({testing::sample_set()});  // never throws: the other sinks have their sets
  EXPECT_NE(sink.failure(), "");
  EXPECT_ANY_THROW(sink.rethrow_failure());
}

}  // namespace
}  // namespace schedlab::grid
