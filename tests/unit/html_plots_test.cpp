// Unit tests for the report's plots (src/report/html/): scales, a strip
// plot of a known small dataset against its golden SVG, latency curves
// read from stored histograms, the CPU split and the trend.
// Regenerate goldens with SCHEDLAB_UPDATE_GOLDEN=1 after an intended change.
#include <gtest/gtest.h>

#include "channel/histogram.h"
#include "compare/comparison.h"
#include "report/html/cpu_split_plot.h"
#include "report/html/latency_curves.h"
#include "report/html/latency_plot.h"
#include "report/html/scale.h"
#include "report/html/strip_plot.h"
#include "report/html/trend_plot.h"
#include "support/golden.h"
#include "support/sample_result.h"
#include "workloads/wakeup_report.h"
#include "support/registries.h"

namespace schedlab::html {
namespace {

// The baseline and a set 10% slower, run in three interleaved blocks.
std::vector<ResultSet> vary_sets() {
  ResultSet off = testing::sample_set(), on = testing::sample_set();
  off.label = "autogroup=off";
  on.label = "autogroup=on";
  const double lps[] = {24998.6, 25020.6, 24951.2};
  for (int i = 0; i < 3; ++i) {
    off.runs[i].block = on.runs[i].block = i + 1;
    on.runs[i].values.set("lps", lps[i]);
  }
  on.warnings.push_back({"busy", 2, "other processes used 12% of the CPU set"});
  return {off, on};
}

std::size_t data_points(const std::string& svg) {
  const auto at = svg.find("data-points=\"");
  return at == std::string::npos ? 0 : std::stoul(svg.substr(at + 13));
}

ordered_json histogram_of(std::uint64_t first_ns, std::uint64_t samples) {
  sl_hist h;
  sl_hist_init(&h);
  for (std::uint64_t i = 0; i < samples; ++i) sl_hist_add(&h, first_ns + i * 7);
  return histogram_json(h);
}

TEST(HtmlScale, TicksAreRoundValuesInsideTheRange) {
  EXPECT_EQ(Scale::linear(0, 97, 0, 100).ticks(), (std::vector<double>{0, 20, 40, 60, 80}));
  EXPECT_EQ(Scale::linear(-1, 1, 0, 100).ticks(), (std::vector<double>{-1, -0.5, 0, 0.5, 1}));
  EXPECT_EQ(Scale::log(1, 1000, 0, 100).ticks(), (std::vector<double>{1, 10, 100, 1000}));
  EXPECT_EQ(Scale::log(3, 40, 0, 100).ticks(), (std::vector<double>{5, 10, 20}));
  EXPECT_DOUBLE_EQ(Scale::linear(0, 10, 100, 0)(2.5), 75);
  EXPECT_DOUBLE_EQ(Scale::log(1, 100, 0, 100)(10), 50);
  EXPECT_EQ(tick_label(27776), "27.78k");
  EXPECT_EQ(tick_label(2500), "2500");
  EXPECT_EQ(tick_label(0.25), "0.25");
  EXPECT_EQ(tick_label(3e6), "3M");
}

TEST(HtmlScale, AnEmptyRangeIsWidenedAroundItsValue) {
  const Scale s = Scale::linear(5, 5, 0, 100);
  EXPECT_LT(s.lo(), 5);
  EXPECT_GT(s.hi(), 5);
  EXPECT_DOUBLE_EQ(s(5), 50);
  const Scale zero = Scale::linear(0, 0, 0, 100);
  EXPECT_LT(zero.lo(), 0) << "the value is not on the frame";
  for (const double t : zero.ticks()) EXPECT_GE(t, 0) << "no negative tick for values that are all zero";
  EXPECT_EQ(zero.ticks().back(), 1);
}

TEST(HtmlPlots, GoldenStripPlot) {
  CompareOptions o;
  o.metrics = {"lps"};
  const auto c = build_comparison(vary_sets(), o, testing::registries());
  const std::string svg = strip_plot(c.metrics.front(), c.sets);
  testing::expect_golden("html/strip_plot.svg", svg);
  EXPECT_EQ(data_points(svg), 6u);
  EXPECT_NE(svg.find("class=\"block\""), std::string::npos) << "runs of one block are joined";
  EXPECT_NE(svg.find("dot set1 busy"), std::string::npos) << "the busy run is marked";
  EXPECT_NE(svg.find("Hmean"), std::string::npos) << "the centre is compare's";
}

TEST(HtmlPlots, LatencyCurvesReadTheStoredHistogramsAsTheMetricsDo) {
  auto sets = vary_sets();
  sl_hist merged;
  sl_hist_init(&merged);
  for (auto& run : sets[0].runs) run.details["histograms"]["wakeup"] = histogram_of(1000, 2000);
  for (int i = 0; i < 3; ++i)
    for (std::uint64_t k = 0; k < 2000; ++k) sl_hist_add(&merged, 1000 + k * 7);
  std::vector<std::string> problems;
  const auto curves = latency_curves(sets, "wakeup", problems);
  ASSERT_EQ(curves.size(), 1u) << "the second set stored no histogram";
  EXPECT_TRUE(problems.empty());
  EXPECT_EQ(curves[0].samples, 6000u);
  EXPECT_DOUBLE_EQ(*latency_at(curves[0], 99), sl_hist_percentile(&merged, 99) / 1e3);
  EXPECT_TRUE(latency_at(curves[0], 99.9));
  EXPECT_FALSE(latency_at(curves[0], 99.99)) << "6000 samples do not reach p99.99";
  const std::string svg = latency_plot(curves, sets, "wakeup");
  EXPECT_EQ(data_points(svg), curves[0].points.size());
  EXPECT_NE(svg.find("data-plot=\"latency\""), std::string::npos);
}

TEST(HtmlPlots, AForeignHistogramIsLeftOutAndSaid) {
  auto sets = vary_sets();
  sets[0].runs[0].details["histograms"]["wakeup"] = histogram_of(1000, 100);
  sets[0].runs[1].details["histograms"]["wakeup"] = {
      {"unit", "ns"}, {"count", 5}, {"min", 1}, {"max", 9}, {"bins", {{1000, 1003, 5}}}};
  sets[0].runs[2].details["histograms"]["wakeup"] = {
      {"unit", "ns"}, {"count", 7}, {"min", 1}, {"max", 9}, {"bins", {{5, 6, 5}}}};
  std::vector<std::string> problems;
  const auto curves = latency_curves(sets, "wakeup", problems);
  ASSERT_EQ(problems.size(), 2u);
  EXPECT_NE(problems[0].find("run 2"), std::string::npos) << problems[0];
  EXPECT_NE(problems[0].find("not one of schedlab's buckets"), std::string::npos) << problems[0];
  EXPECT_NE(problems[1].find("hold 5 samples, not 7"), std::string::npos) << problems[1];
  ASSERT_EQ(curves.size(), 1u);
  EXPECT_EQ(curves[0].samples, 100u) << "the good run is still drawn";
}

TEST(HtmlPlots, CpuSplitStacksTheMeansOfEverySet) {
  const auto sets = vary_sets();
  const std::string svg = cpu_split_plot(sets, "cpu_");
  EXPECT_EQ(data_points(svg), 6u) << "user, sys and idle of two sets";
  EXPECT_NE(svg.find("autogroup=off: sys 96.80%"), std::string::npos) << svg;
  EXPECT_EQ(cpu_split_plot(sets, "set_cpu_"), "") << "no set has the CPU set's split";
}

TEST(HtmlPlots, SetsThatAreNotPassAreNotDrawn) {
  auto sets = vary_sets();
  for (auto& run : sets[1].runs) run.details["histograms"]["wakeup"] = histogram_of(1000, 100);
  sets[1].status = Status::kError;
  std::vector<std::string> problems;
  EXPECT_TRUE(latency_curves(sets, "wakeup", problems).empty());
  EXPECT_EQ(data_points(cpu_split_plot(sets, "cpu_")), 3u) << "the baseline's bar alone";
}

TEST(HtmlPlots, TheCpuSetSplitIsRedundantWhereTheSetIsEveryCpu) {
  auto sets = vary_sets();
  for (auto& set : sets) {
    set.environment["cpus"] = {{"online", "0-3"}, {"affinity", "0-3"}};
    set.scenario.requested["cpus"] = "inherited";
  }
  EXPECT_TRUE(cpu_set_split_is_redundant(sets));
  sets[1].scenario.requested["cpus"] = "0-3";
  EXPECT_TRUE(cpu_set_split_is_redundant(sets)) << "--cpus naming every CPU";
  sets[1].scenario.requested["cpus"] = "1";
  EXPECT_FALSE(cpu_set_split_is_redundant(sets));
  sets[1].scenario.requested["cpus"] = "inherited";
  sets[0].environment["cpus"]["affinity"] = "0-1";
  EXPECT_FALSE(cpu_set_split_is_redundant(sets)) << "run under taskset";
  sets[0].environment.erase("cpus");
  EXPECT_FALSE(cpu_set_split_is_redundant(sets)) << "unknown: both are drawn";
}

TEST(HtmlPlots, TrendMarksChangePointsAndTheComparedKernels) {
  store::Trend t;
  t.query.workload = "spawn";
  t.metric = {"lps", "loops/s", Better::kHigher, ""};
  for (int i = 0; i < 8; ++i)
    t.points.push_back({"6." + std::to_string(i) + ".0", "", {i + 1}, 5, i < 4 ? 100.0 : 80.0});
  t.change_points.push_back({4, 9.5, 0.005, 100, 80, -20});
  const std::string svg = trend_plot(t, {"6.5.0"});
  EXPECT_EQ(data_points(svg), 8u);
  EXPECT_NE(svg.find("class=\"change worse\""), std::string::npos) << "20% fewer loops/s is worse";
  EXPECT_NE(svg.find("-20.0%"), std::string::npos);
  EXPECT_NE(svg.find("dot point compared"), std::string::npos);
}

}  // namespace
}  // namespace schedlab::html
