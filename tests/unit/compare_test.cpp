// Unit and golden tests for src/compare/ and the comparison styles.
// Regenerate goldens with SCHEDLAB_UPDATE_GOLDEN=1 after an intended change.
#include <gtest/gtest.h>

#include <cstdlib>
#include <fstream>
#include <sstream>
#include <utility>

#include "compare/comparison.h"
#include "compare/spec_check.h"
#include "core/error.h"
#include "core/utf8.h"
#include "report/compare_reporters.h"
#include "stats/mmtests_stats.h"
#include "support/golden.h"
#include "support/sample_result.h"
#include "support/registries.h"

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
  const auto c = build_comparison(two_sets(), with_metrics(), testing::registries());
  const std::string text = format_mmtests(c);
  testing::expect_golden("compare/mmtests.txt", text);
  std::istringstream lines(text);
  for (std::string line; std::getline(lines, line);) EXPECT_LE(line.size(), 80u) << line;
  EXPECT_NE(text.find("Hmean     lps"), std::string::npos);
  EXPECT_NE(text.find('*'), std::string::npos) << "a 10% drop over 3 tight runs is significant";
}

TEST(Compare, GoldenLkp) {
  const std::string text = format_lkp(build_comparison(two_sets(), with_metrics(), testing::registries()));
  testing::expect_golden("compare/lkp.txt", text);
  std::istringstream lines(text);
  for (std::string line; std::getline(lines, line);)
    EXPECT_LE(line.size(), 81u) << line;  // "±" is one column in two bytes
  EXPECT_NE(text.find("spawn.lps"), std::string::npos);
}

TEST(Compare, GoldenMarkdownCsvJson) {
  const auto c = build_comparison(two_sets(), with_metrics(), testing::registries());
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
    build_comparison(sets, with_metrics(), testing::registries());
    FAIL();
  } catch (const UsageError& e) {
    EXPECT_NE(std::string(e.what()).find("--method fork (6.13.1) vs vfork (6.13.1-eff6c8ce)"),
              std::string::npos)
        << e.what();
  }
  CompareOptions forced = with_metrics();
  forced.force = true;
  EXPECT_NO_THROW(build_comparison(sets, forced, testing::registries()));
  sets[0].scenario.requested["vary"] = {{"method", "fork"}};
  sets[1].scenario.requested["vary"] = {{"method", "vfork"}};
  EXPECT_TRUE(spec_differences(sets, testing::workload_registry()).empty()) << "what --vary varied is meant to differ";
}

TEST(Compare, ErrorSetsAreShownNotCompared) {
  auto sets = two_sets();
  sets[1].status = Status::kError;
  sets[1].error = "run 2: fork failed";
  const auto c = build_comparison(sets, with_metrics(), testing::registries());
  EXPECT_FALSE(c.metrics[0].cells[1].has_value());
  const std::string text = format_mmtests(c);
  EXPECT_NE(text.find("note: 6.13.1-eff6c8ce: ERROR, not compared"), std::string::npos) << text;
  EXPECT_EQ(c.notes.front().full, "6.13.1-eff6c8ce: ERROR (run 2: fork failed), not compared")
      << "the most important note first";
}

TEST(Compare, TooFewRunsSaySoInsteadOfMarking) {
  auto sets = two_sets();
  sets[1].runs.resize(1);
  const auto c = build_comparison(sets, with_metrics(), testing::registries());
  EXPECT_FALSE(c.metrics[0].cells[1]->test->significant);
  EXPECT_NE(format_mmtests(c).find("no test (needs at least 2"), std::string::npos) << format_mmtests(c);
}

TEST(Compare, PairedNeedsBlocksAndPairsThem) {
  auto sets = two_sets();
  CompareOptions o = with_metrics();
  o.test_given = o.paired = true;
  EXPECT_THROW(build_comparison(sets, o, testing::registries()), UsageError);
  for (auto& set : sets)
    for (size_t i = 0; i < set.runs.size(); ++i) set.runs[i].block = static_cast<int>(i) + 1;
  const auto c = build_comparison(sets, o, testing::registries());
  EXPECT_TRUE(c.metrics[0].cells[1]->test->available);
  EXPECT_EQ(c.metrics[0].cells[1]->test->df, 2);
}

TEST(Compare, SaysWhenSetsWereNotInterleavedOrHadOutliers) {
  auto sets = two_sets();
  sets[1].runs.push_back(sets[1].runs[0]);
  sets[1].runs.back().values.set("lps", 12000.0);  // the machine halved its speed for a run
  const auto c = build_comparison(sets, with_metrics(), testing::registries());
  const std::string text = format_mmtests(c);
  EXPECT_NE(text.find("lps of run 4 is 52% below the set's median"), std::string::npos) << text;
  EXPECT_EQ(text.find("machine changed state"), std::string::npos) << "a fact, not a cause";
  EXPECT_NE(text.find("not interleaved"), std::string::npos) << text;
  for (auto& set : sets)
    for (size_t i = 0; i < set.runs.size(); ++i) set.runs[i].block = static_cast<int>(i) + 1;
  EXPECT_EQ(format_mmtests(build_comparison(sets, with_metrics(), testing::registries())).find("not interleaved"), std::string::npos);
}

// A run a few percent off its set's median is not worth a note.
TEST(Compare, OnlyMaterialOutliersAreNoted) {
  auto sets = two_sets();
  sets[1].runs.resize(5, sets[1].runs[0]);
  const double lps[] = {2424, 2420, 2428, 2426, 2312};  // run 5: an outlier by z, 4.6% below
  for (int i = 0; i < 5; ++i) sets[1].runs[static_cast<size_t>(i)].values.set("lps", lps[i]);
  const auto text = format_mmtests(build_comparison(sets, with_metrics(), testing::registries()));
  EXPECT_EQ(text.find("below the set's median"), std::string::npos) << text;
}

// With --paired the interval is the paired test's: it excludes zero exactly
// when the paired p-value is below alpha (it was the unpaired interval).
TEST(Compare, PairedIntervalComesFromThePairedTest) {
  auto sets = two_sets();
  const double base[] = {100, 104, 96, 101, 99, 103}, cand[] = {101.5, 105.6, 97.4, 102.6, 100.4, 104.7};
  for (auto& set : sets) set.runs.resize(6, set.runs[0]);
  for (int i = 0; i < 6; ++i) {
    sets[0].runs[i].values.set("lps", base[i]);
    sets[1].runs[i].values.set("lps", cand[i]);
    sets[0].runs[i].block = sets[1].runs[i].block = i + 1;
  }
  CompareOptions o;
  o.metrics = {"lps"};
  o.test_given = o.paired = true;
  const auto c = build_comparison(sets, o, testing::registries());
  const auto& cell = *c.metrics[0].cells[1];
  ASSERT_TRUE(cell.test->significant) << *cell.test->p_value;
  ASSERT_TRUE(cell.change_interval_pct);
  EXPECT_GT(cell.change_interval_pct->low, 0) << "the paired interval excludes 0, as the paired p says";
  EXPECT_EQ(cell.interval_method, "paired-t");
  o.paired = false;
  const auto unpaired = build_comparison(sets, o, testing::registries());
  EXPECT_LT(unpaired.metrics[0].cells[1]->change_interval_pct->low, 0) << "the Welch interval contains 0";
}

// The design decides the test: sets whose runs were interleaved in blocks
// are paired without being asked (the depth-8 file's -12.5% was missed by
// Welch), sets that ran one after the other get Welch's; every table says
// which, and why, in its first line.
TEST(Compare, TheDesignDecidesTheTestAndTheFirstLineSaysIt) {
  auto sets = two_sets();
  const auto sequential = build_comparison(sets, with_metrics(), testing::registries());
  EXPECT_FALSE(sequential.options.paired);
  EXPECT_EQ(sequential.metrics[0].cells[1]->interval_method, "welch");
  for (auto& set : sets)
    for (size_t i = 0; i < set.runs.size(); ++i) set.runs[i].block = static_cast<int>(i) + 1;
  const auto blocked = build_comparison(sets, with_metrics(), testing::registries());
  EXPECT_TRUE(blocked.options.paired);
  EXPECT_EQ(blocked.metrics[0].cells[1]->interval_method, "paired-t");
  for (const auto& text : {format_mmtests(blocked), format_lkp(blocked), format_markdown(blocked)})
    EXPECT_EQ(text.rfind("test: paired-t, alpha 0.05 (the runs were interleaved in blocks)\n", 0), 0u) << text;
  EXPECT_EQ(format_mmtests(sequential).rfind("test: welch, alpha 0.05 (the sets ran one after the other)", 0), 0u);
  CompareOptions asked = with_metrics();
  asked.test_given = true;
  EXPECT_FALSE(build_comparison(sets, asked, testing::registries()).options.paired) << "--test overrides the design";
}

// The overlap rule is not a test: no p-value in JSON.
TEST(Compare, OverlapHasNoPValue) {
  CompareOptions o = with_metrics();
  o.test_given = true;
  o.test = stats::TestKind::kOverlap;
  const auto j = nlohmann::json::parse(format_compare_json(build_comparison(two_sets(), o, testing::registries())));
  EXPECT_TRUE(j["metrics"][0]["sets"][1]["p_value"].is_null());
  EXPECT_TRUE(j["metrics"][0]["sets"][1]["significant"].get<bool>());
}

// 3 against 3 runs: the exact rank test's smallest p is 0.1; it says so.
TEST(Compare, RankTestThatCannotReachAlphaSaysSo) {
  CompareOptions o = with_metrics();
  o.test_given = true;
  o.test = stats::TestKind::kMannWhitney;
  const auto c = build_comparison(two_sets(), o, testing::registries());
  const auto text = format_mmtests(c);
  EXPECT_NE(text.find("cannot reach p < 0.05"), std::string::npos) << text;
  EXPECT_NEAR(c.metrics[0].cells[1]->test->min_p, 0.1, 1e-12);
}

// Every style names its centre and its direction convention.
TEST(Compare, EveryStyleNamesItsConventions) {
  const auto c = build_comparison(two_sets(), with_metrics(), testing::registries());
  EXPECT_NE(format_mmtests(c).find("Hmean/Amean; (%) + = better"), std::string::npos);
  EXPECT_NE(format_lkp(c).find("%change of the mean, + = larger"), std::string::npos);
  EXPECT_NE(format_markdown(c).find("relative change of the mean, + = larger"), std::string::npos);
  EXPECT_NE(format_csv(c).find("change_pct_of_mean"), std::string::npos);
  const auto j = nlohmann::json::parse(format_compare_json(c));
  EXPECT_TRUE(j.contains("conventions"));
  EXPECT_EQ(j["metrics"][0]["sets"][1]["center_kind"], "hmean");
}

// Every comparison states the smallest change it could have detected.
TEST(Compare, MinimumDetectableEffectIsReported) {
  const auto c = build_comparison(two_sets(), with_metrics(), testing::registries());
  const auto& cell = *c.metrics[0].cells[1];
  ASSERT_TRUE(cell.mde_pct);
  EXPECT_GT(*cell.mde_pct, 0);
  EXPECT_LT(*cell.mde_pct, 10) << "3 tight runs a side see a 10% drop";
  EXPECT_NE(format_mmtests(c).find("MinDetect lps"), std::string::npos);
  EXPECT_NE(format_markdown(c).find("could have detected"), std::string::npos) << "cpu_sys_pct: no change";
}

// Below a terminal table: at most three lines of notes, the rest on --notes.
TEST(Compare, NotesTakeAtMostThreeLinesUnlessAsked) {
  auto sets = two_sets();
  for (int i = 0; i < 4; ++i) sets[1].warnings.push_back({"busy", 1, "x"});
  sets[1].warnings.push_back({"fidelity", 0, "placement differs"});
  CompareOptions o = with_metrics();
  auto c = build_comparison(sets, o, testing::registries());
  ASSERT_GE(c.notes.size(), 3u);
  std::string text = format_mmtests(c);
  std::istringstream lines(text);
  int note_lines = 0;
  for (std::string line; std::getline(lines, line);) {
    note_lines += line.rfind("note:", 0) == 0;
    EXPECT_LE(line.size(), 80u) << line;
  }
  EXPECT_EQ(note_lines, 3) << text;
  EXPECT_NE(text.find("more notes in full: compare --notes"), std::string::npos);
  o.all_notes = true;
  text = format_mmtests(build_comparison(sets, o, testing::registries()));
  EXPECT_NE(text.find("placement differs"), std::string::npos) << text;
}

namespace {

// The fields of each CSV record, RFC 4180: a quoted field may hold commas,
// doubled quotes and newlines.
std::vector<size_t> csv_widths(const std::string& csv) {
  std::vector<size_t> widths;
  size_t fields = 1;
  bool quoted = false;
  for (char ch : csv) {
    if (ch == '"') quoted = !quoted;
    else if (ch == ',' && !quoted) ++fields;
    else if (ch == '\n' && !quoted) widths.push_back(std::exchange(fields, 1));
  }
  return widths;
}

}  // namespace

// fuzz_compare (csv-metric-name-with-comma.json): a metric named "l,ps" in
// a hand-made file was printed bare, so its records had one field too many.
TEST(Compare, CsvQuotesEveryFieldThatNeedsIt) {
  auto sets = two_sets();
  for (auto& set : sets) {
    set.metrics[0].name = "l,ps";
    set.metrics[1].unit = "s \"sys\"";
    set.workload.primary_metric = "l,ps";
    for (auto& run : set.runs) run.values.set("l,ps", *run.values.get("lps"));
  }
  sets[1].label = "a,b\r";
  CompareOptions o;
  o.metrics = {"l,ps", "sys_s"};
  const std::string csv = format_csv(build_comparison(sets, o, testing::registries()));
  const auto widths = csv_widths(csv);
  ASSERT_EQ(widths.size(), 5u) << csv;
  for (size_t w : widths) EXPECT_EQ(w, 17u) << csv;
  EXPECT_NE(csv.find("\n\"l,ps\",loops/s,"), std::string::npos) << csv;
  EXPECT_NE(csv.find(",\"s \"\"sys\"\"\","), std::string::npos) << csv;
  EXPECT_NE(csv.find(",\"a,b\r\","), std::string::npos) << csv;
}

// fuzz_compare (lkp-label-cut-mid-character.json): LKP's columns cut labels
// at 16 and 27 bytes, in the middle of a two-byte "я".
TEST(Compare, LkpCutsLabelsBetweenCharacters) {
  auto sets = two_sets();
  sets[0].label = "a\u044f\u044f\u044f\u044f\u044f\u044f\u044f\u044f";  // 17 bytes, 9 characters
  sets[1].label.clear();
  for (int i = 0; i < 30; ++i) sets[1].label += "\u044f";
  const std::string text = format_lkp(build_comparison(sets, with_metrics(), testing::registries()));
  EXPECT_TRUE(valid_utf8(text)) << text;
  EXPECT_NE(text.find(sets[0].label + " "), std::string::npos) << "9 characters fit in 16 columns";
  std::string cut;
  for (int i = 0; i < 27; ++i) cut += "\u044f";
  EXPECT_NE(text.find(" " + cut + " \n"), std::string::npos) << text;
}

// A mean near zero makes LKP's %stddev tens of billions: it was cast to
// int (undefined behaviour; " ±-2147483648%" from gcc).
TEST(Compare, LkpSpreadOfAMeanNearZeroIsNotCastToInt) {
  auto sets = two_sets();
  const double near_zero[] = {-1, 1, 3e-9};
  for (int i = 0; i < 3; ++i) sets[0].runs[i].values.set("sys_s", near_zero[i]);
  const std::string text = format_lkp(build_comparison(sets, with_metrics(), testing::registries()));
  EXPECT_EQ(text.find("-2147483648"), std::string::npos) << text;
  EXPECT_NE(text.find("\u00b18e+10%"), std::string::npos) << text;
}

TEST(Compare, UnknownMetricIsRefused) {
  CompareOptions o;
  o.metrics = {"nope"};
  EXPECT_THROW(build_comparison(two_sets(), o, testing::registries()), UsageError);
}

}  // namespace schedlab

namespace schedlab {

// A metric some runs have no value of (wakeup's rps_p* in a window under a
// second) is compared over the others, and the comparison says so.
TEST(Compare, AMetricMissingFromSomeRunsSaysOverHowMany) {
  auto sets = two_sets();
  MetricValues without;
  for (const auto& [name, value] : sets[1].runs[2].values.items())
    if (name != "sys_s") without.set(name, value);
  sets[1].runs[2].values = without;
  const Comparison c = build_comparison(sets, with_metrics(), testing::registries());
  bool said = false;
  for (const auto& n : c.notes) said |= n.brief == "6.13.1-eff6c8ce: sys_s in 2 of 3 runs only";
  EXPECT_TRUE(said);
  const auto& cell = c.metrics[1].cells[1];
  ASSERT_TRUE(cell);
  EXPECT_EQ(cell->summary.n, 2u) << "the missing run is not a 0";
}

}  // namespace schedlab
