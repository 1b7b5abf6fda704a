// Unit tests for src/report/html/report.cpp: the page as a whole.
#include <gtest/gtest.h>
#include <fmt/format.h>

#include "report/compare_reporters.h"
#include "report/html/document.h"
#include "report/html/report.h"
#include "support/sample_result.h"
#include "support/registries.h"

namespace schedlab::html {
namespace {

ReportInput sample_input() {
  ResultSet base = testing::sample_set(), slow = testing::sample_set();
  slow.label = "6.14.0 <rc>";
  slow.environment["kernel"]["release"] = "6.14.0";
  const double lps[] = {24998.6, 25020.6, 24951.2};
  for (int i = 0; i < 3; ++i) slow.runs[i].values.set("lps", lps[i]);
  CompareOptions o;
  o.metrics = {"lps", "sys_s"};
  return {build_comparison({base, slow}, o, testing::registries()), {"a.json", "b.json"}, std::nullopt, "",
          "2026-11-30T12:00:00Z", "schedlab 0.1.0 (test)"};
}

std::size_t occurrences(const std::string& text, const std::string& what) {
  std::size_t n = 0;
  for (auto at = text.find(what); at != std::string::npos; at = text.find(what, at + 1)) ++n;
  return n;
}

TEST(HtmlReport, IsOneSelfContainedPage) {
  const std::string page = render_report(sample_input());
  EXPECT_EQ(page.rfind("<!DOCTYPE html>", 0), 0u);
  EXPECT_NE(page.find("default-src 'none'"), std::string::npos) << "nothing may be fetched";
  EXPECT_NE(page.find(kGeneratorMarker), std::string::npos);
  EXPECT_LT(page.find(kGeneratorMarker), 4096u) << "report -o looks for it in the first 4 KiB";
  EXPECT_EQ(page.find("http://"), std::string::npos);
  EXPECT_EQ(page.find("https://"), std::string::npos);
  EXPECT_EQ(page.find("<script"), std::string::npos);
  EXPECT_EQ(page.find("<link"), std::string::npos);
  EXPECT_NE(page.find("6.14.0 &lt;rc&gt;"), std::string::npos) << "labels are escaped";
}

TEST(HtmlReport, TheTableHasCompareNumbersAndAPlotPerMetric) {
  const auto in = sample_input();
  const std::string page = render_report(in);
  const auto& lps = in.comparison.metrics[0];
  const std::string centre = fmt::format("{:.2f}", lps.cells[1]->center);
  const std::string change = fmt::format("{:+.2f}%", lps.cells[1]->change_pct);
  EXPECT_NE(format_mmtests(in.comparison).find(centre), std::string::npos);
  EXPECT_NE(page.find("<td class=\"worse\""), std::string::npos) << "a significant loss is marked";
  EXPECT_NE(page.find(centre), std::string::npos) << centre;
  EXPECT_NE(page.find(change), std::string::npos) << change;
  EXPECT_EQ(occurrences(page, "data-plot=\"strip\""), 2u);
  EXPECT_EQ(occurrences(page, "data-plot=\"cpu-split\""), 1u);
  EXPECT_EQ(occurrences(page, "data-plot=\"latency\""), 0u) << "no histograms, no latency plot";
  EXPECT_EQ(page.find("id=\"history\""), std::string::npos) << "no store input, no history";
  EXPECT_NE(page.find("kernel.release"), std::string::npos) << "the differences are listed";
}

TEST(HtmlReport, SameInputSameBytes) {
  EXPECT_EQ(render_report(sample_input()), render_report(sample_input()));
}

}  // namespace
}  // namespace schedlab::html
