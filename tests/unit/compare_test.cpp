// Unit and golden tests for src/compare/ and the comparison styles.
// Regenerate goldens with SCHEDLAB_UPDATE_GOLDEN=1 after an intended change.
#include <gtest/gtest.h>

#include <cstdlib>
#include <fstream>
#include <sstream>

#include "compare/comparison.h"
#include "compare/spec_check.h"
#include "core/error.h"
#include "report/compare_reporters.h"
#include "stats/mmtests_stats.h"
#include "support/golden.h"
#include "support/sample_result.h"

namespace schedlab {
namespace {


// The baseline and a candidate 10% slower on lps with more system time.
std::vector<ResultSet> two_sets() {
  ResultSet base = testing::sample_set();
  ResultSet slow = testing::sample_set();
  slow.label = "6.13.1-eff6c8ce";
  const double lps[] = {24998.6, 25020.6, 24951.2};
  const double sys[] = {41.2, 41.5, 41.0};
  for (int i = 0; i < 3; ++i) {
    slow.runs[i].values.set("lps", lps[i]);
    slow.runs[i].values.set("sys_s", sys[i]);
  }
  return {base, slow};
}

CompareOptions with_metrics() {
  CompareOptions o;
  o.metrics = {"lps", "sys_s", "cpu_sys_pct"};
  return o;
}

}  // namespace

TEST(Compare, MmtestsPercentagesFollowTheDirection) {
  EXPECT_NEAR(stats::mmtests_change(100, 110, true), 10, 1e-12);
  EXPECT_NEAR(stats::mmtests_change(100, 110, false), -10, 1e-12);
  EXPECT_EQ(stats::mmtests_change(0, 0, false), 0);
  EXPECT_NEAR(stats::harmonic_mean(std::vector<double>{1, 2, 4}), 3.0 / 1.75, 1e-12);
}

TEST(Compare, GoldenMmtests) {
  const auto c = build_comparison(two_sets(), with_metrics());
  const std::string text = format_mmtests(c);
  testing::expect_golden("compare/mmtests.txt", text);
  std::istringstream lines(text);
  for (std::string line; std::getline(lines, line);) EXPECT_LE(line.size(), 80u) << line;
  EXPECT_NE(text.find("Hmean     lps"), std::string::npos);
  EXPECT_NE(text.find("*"), std::string::npos) << "a 10% drop over 3 tight runs is significant";
}

TEST(Compare, GoldenLkp) {
  const std::string text = format_lkp(build_comparison(two_sets(), with_metrics()));
  testing::expect_golden("compare/lkp.txt", text);
  std::istringstream lines(text);
  for (std::string line; std::getline(lines, line);)
    EXPECT_LE(line.size(), 81u) << line;  // "±" is one column in two bytes
  EXPECT_NE(text.find("spawn.lps"), std::string::npos);
}

TEST(Compare, GoldenMarkdownCsvJson) {
  const auto c = build_comparison(two_sets(), with_metrics());
  testing::expect_golden("compare/markdown.md", format_markdown(c));
  testing::expect_golden("compare/compare.csv", format_csv(c));
  const auto j = nlohmann::json::parse(format_compare_json(c));
  EXPECT_EQ(j["schema"], "schedlab.compare/1");
  const auto& lps = j["metrics"][0]["sets"][1];
  EXPECT_TRUE(lps["significant"].get<bool>());
  EXPECT_LT(lps["p_value"].get<double>(), 0.05);
  EXPECT_LT(lps["change_interval_pct"][1].get<double>(), 0) << "the whole interval is a loss";
  EXPECT_LT(lps["effect_size_hedges_g"].get<double>(), -1);
}

TEST(Compare, DifferentSpecsAreRefusedUnlessForced) {
  auto sets = two_sets();
  sets[1].workload.params.set("method", std::string("vfork"));
  try {
    build_comparison(sets, with_metrics());
    FAIL();
  } catch (const UsageError& e) {
    EXPECT_NE(std::string(e.what()).find("--method fork (6.13.1) vs vfork (6.13.1-eff6c8ce)"),
              std::string::npos)
        << e.what();
  }
  CompareOptions forced = with_metrics();
  forced.force = true;
  EXPECT_NO_THROW(build_comparison(sets, forced));
  sets[0].scenario.requested["vary"] = {{"method", "fork"}};
  sets[1].scenario.requested["vary"] = {{"method", "vfork"}};
  EXPECT_TRUE(spec_differences(sets).empty()) << "what --vary varied is meant to differ";
}

TEST(Compare, ErrorSetsAreShownNotCompared) {
  auto sets = two_sets();
  sets[1].status = Status::kError;
  sets[1].error = "run 2: fork failed";
  const auto c = build_comparison(sets, with_metrics());
  EXPECT_FALSE(c.metrics[0].cells[1].has_value());
  const std::string text = format_mmtests(c);
  EXPECT_NE(text.find("note: 6.13.1-eff6c8ce: ERROR (run 2: fork failed), not compared"), std::string::npos)
      << text;
}

TEST(Compare, TooFewRunsSaySoInsteadOfMarking) {
  auto sets = two_sets();
  sets[1].runs.resize(1);
  const auto c = build_comparison(sets, with_metrics());
  EXPECT_FALSE(c.metrics[0].cells[1]->test->significant);
  EXPECT_NE(format_mmtests(c).find("no welch test: needs at least 2"), std::string::npos);
}

TEST(Compare, PairedNeedsBlocksAndPairsThem) {
  auto sets = two_sets();
  CompareOptions o = with_metrics();
  o.paired = true;
  EXPECT_THROW(build_comparison(sets, o), UsageError);
  for (auto& set : sets)
    for (size_t i = 0; i < set.runs.size(); ++i) set.runs[i].block = static_cast<int>(i) + 1;
  const auto c = build_comparison(sets, o);
  EXPECT_TRUE(c.metrics[0].cells[1]->test->available);
  EXPECT_EQ(c.metrics[0].cells[1]->test->df, 2);
}

TEST(Compare, SaysWhenSetsWereNotInterleavedOrHadOutliers) {
  auto sets = two_sets();
  sets[1].runs.push_back(sets[1].runs[0]);
  sets[1].runs.back().values.set("lps", 12000.0);  // the machine halved its speed for a run
  const auto c = build_comparison(sets, with_metrics());
  const std::string text = format_mmtests(c);
  EXPECT_NE(text.find("run 4 is an outlier"), std::string::npos) << text;
  EXPECT_NE(text.find("not interleaved"), std::string::npos) << text;
  for (auto& set : sets)
    for (size_t i = 0; i < set.runs.size(); ++i) set.runs[i].block = static_cast<int>(i) + 1;
  EXPECT_EQ(format_mmtests(build_comparison(sets, with_metrics())).find("not interleaved"), std::string::npos);
}

TEST(Compare, UnknownMetricIsRefused) {
  CompareOptions o;
  o.metrics = {"nope"};
  EXPECT_THROW(build_comparison(two_sets(), o), UsageError);
}

}  // namespace schedlab
