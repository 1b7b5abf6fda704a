// The histogram shifts as compare prints them (report/histogram_format.h)
// and as the report draws them (report/html/histogram_plot.h).
#include <gtest/gtest.h>

#include <algorithm>
#include <set>
#include <sstream>

#include "compare/comparison.h"
#include "report/compare_reporters.h"
#include "report/histogram_format.h"
#include "report/html/histogram_plot.h"
#include "report/html/report.h"
#include "support/registries.h"
#include "support/synthetic_histograms.h"

namespace schedlab {
namespace {

Comparison shifted(int runs, bool paired) {
  std::mt19937_64 rng(11);
  testing::SyntheticRuns s;
  s.runs = runs;
  const ResultSet base = testing::synthetic_set("autogroup=off", s, rng);
  s.scale = 1.3;
  CompareOptions o;
  o.test_given = !paired;
  o.paired = paired;
  return build_comparison({base, testing::synthetic_set("autogroup=on", s, rng)}, o, testing::registries());
}

// The lines from the heading "Histograms:" to the next blank line (or the end).
std::vector<std::string> section(const std::string& text) {
  std::vector<std::string> lines;
  const auto at = text.find("\nHistograms:");
  if (at == std::string::npos) return lines;
  std::istringstream in(text.substr(at + 1));
  for (std::string line; std::getline(in, line) && !line.empty();) lines.push_back(line);
  return lines;
}

TEST(HistogramFormat, TimesAndChangesKeepTheirColumnsWidth) {
  EXPECT_EQ(time_text(812), "812ns");
  EXPECT_EQ(time_text(12345), "12.35us");
  EXPECT_EQ(time_text(1.2e6), "1.20ms");
  EXPECT_EQ(time_text(2.5e9), "2.50s");
  EXPECT_EQ(pct_text(15.04), "+15.0");
  EXPECT_EQ(pct_text(-2.1), "-2.1");
  EXPECT_EQ(pct_text(1234.4), "+1234");
  EXPECT_EQ(pct_text(68000), "x681") << "the ratio, in the column's 6 characters";
}

TEST(HistogramFormat, EveryTextStyleShowsALinePerHistogramAndQuantileWithin80Columns) {
  const Comparison c = shifted(8, true);
  for (const auto& text : {format_mmtests(c), format_lkp(c), format_markdown(c)}) {
    const auto lines = section(text);
    const auto header = std::find_if(lines.begin(), lines.end(), [](const auto& l) { return l.rfind("    histogram", 0) == 0; });
    ASSERT_NE(header, lines.end()) << text;
    std::string heading;
    for (auto l = lines.begin(); l != header; ++l) heading += *l + " ";
    EXPECT_NE(heading.find("permutation of the two runs of each block"), std::string::npos) << heading;
    std::vector<std::string> rows;  // up to the notes
    for (auto l = header + 1; l != lines.end() && l->rfind("  ", 0) == 0; ++l) rows.push_back(*l);
    ASSERT_EQ(rows.size(), 1 + 3u) << text;  // the set, then its 3 quantiles
    EXPECT_EQ(rows[0], "  autogroup=on vs autogroup=off (8 blocks each):");
    EXPECT_EQ(rows[1].rfind("    bpf_runq_latency p50 ", 0), 0u) << rows[1];
    EXPECT_NE(rows[3].find(" p99 "), std::string::npos) << rows[3];
    for (const auto& line : lines) EXPECT_LE(line.size(), 80u) << line;
    for (std::size_t k = 1; k < rows.size(); ++k)
      EXPECT_EQ(rows[k].substr(rows[k].size() - 2), " *") << "a 30% shift is flagged: " << rows[k];
    EXPECT_LT(text.find("lps"), text.find("\nHistograms:")) << "below the metrics table";
  }
}

TEST(HistogramFormat, TooFewRunsSaySoInsteadOfNeverFlagging) {
  const std::string text = format_mmtests(shifted(3, false));
  EXPECT_NE(text.find("\n  autogroup=on vs autogroup=off (3 runs each): with so few runs the smallest p\n"
                      "    is 0.1: nothing can be flagged\n"),
            std::string::npos)
      << text;
}

TEST(HistogramFormat, CsvAndJsonCarryEveryShiftAndTheFamily) {
  const Comparison c = shifted(8, false);
  const std::string csv = format_csv(c);
  EXPECT_NE(csv.find("\nhistogram_set,histogram,quantile,unit,base,new,ratio,"), std::string::npos);
  EXPECT_NE(csv.find("\nautogroup=on,bpf_runq_latency,0.99,ns,"), std::string::npos) << csv;
  const auto j = nlohmann::json::parse(format_compare_json(c));
  ASSERT_EQ(j["histograms"]["shifts"].size(), 3u);
  EXPECT_EQ(j["histograms"]["family"]["correction"], "benjamini-hochberg");
  EXPECT_EQ(j["histograms"]["family"]["tests"], 3);
  EXPECT_EQ(j["histograms"]["shifts"][0]["flagged"], true);
  EXPECT_EQ(j["histograms"]["shifts"][0]["ratio_interval"].size(), 2u);
}

TEST(HistogramFormat, NothingWhenNoRunStoredAHistogram) {
  CompareOptions o;
  const Comparison c = build_comparison({testing::sample_set(), testing::sample_set()}, o, testing::registries());
  EXPECT_EQ(format_histograms_text(c), "");
  EXPECT_EQ(format_histograms_csv(c), "");
  EXPECT_EQ(html::render_report({c, {"a.json", "b.json"}, std::nullopt, "", "2026-12-03T12:00:00Z", "test"})
                .find("id=\"histograms\""),
            std::string::npos);
}

TEST(HistogramPlot, OverlaysEverySetWithDotsAtTheTestedQuantiles) {
  const Comparison c = shifted(8, false);
  std::vector<std::string> problems;
  const std::string svg = html::histogram_plot(c, "bpf_runq_latency", problems);
  EXPECT_TRUE(problems.empty());
  EXPECT_NE(svg.find("data-plot=\"histogram\""), std::string::npos);
  std::size_t buckets = 0;  // the probe's buckets are the plot's: one point per bucket a set's runs filled
  for (const auto& set : c.sets) {
    std::set<std::uint64_t> lower;
    for (const auto& run : set.runs)
      for (const auto& b : run.details["bpf"]["histograms"]["runq_latency"]["lower_bounds"]) lower.insert(b.get<std::uint64_t>());
    buckets += lower.size();
  }
  const auto at = svg.find("data-points=\"");
  ASSERT_NE(at, std::string::npos);
  EXPECT_EQ(std::stoul(svg.substr(at + 13)), buckets + 6) << "and 3 dots a set";
  EXPECT_NE(svg.find("bpf_runq_latency (us, log scale)"), std::string::npos);
  EXPECT_NE(svg.find("autogroup=on p99: "), std::string::npos) << "the dots carry the shift";
  EXPECT_NE(svg.find("vs autogroup=off, q "), std::string::npos);
  EXPECT_EQ(html::histogram_plot(c, "wakeup", problems), "") << "no set has it";
  const std::string page =
      html::render_report({c, {"a.json", "b.json"}, std::nullopt, "", "2026-12-03T12:00:00Z", "test"});
  EXPECT_NE(page.find("id=\"histograms\""), std::string::npos);
}

}  // namespace
}  // namespace schedlab
