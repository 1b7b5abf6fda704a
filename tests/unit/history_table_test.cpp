// The history table and the shared Table's fit rule (report/table.h): over
// the width, whole columns go in a set order; no cell is ever cut.
#include <gtest/gtest.h>

#include <sstream>

#include "core/utf8.h"
#include "report/history_format.h"
#include "report/table.h"

namespace schedlab {
namespace {

store::SetRow long_row(std::int64_t id) {
  store::SetRow r;
  r.id = id;
  r.started = "2026-11-29T22:04:27.123456Z";
  r.host = "build-host-with-a-long-name.example.org";
  r.kernel = "6.12.0-rc7-next-20241129-amd64";
  r.workload = "context";
  r.label = "after-the-eevdf-slice-change";
  r.primary_metric = "context_switches_per_sec";
  r.primary_mean = 1234567.0;
  r.primary_ci95 = 2345.0;
  r.runs = 20;
  r.status = "PASS";
  r.warnings = 2;
  r.spec_id = "0123456789ab";
  return r;
}

std::vector<std::string> lines_of(const std::string& text) {
  std::vector<std::string> out;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) out.push_back(line);
  return out;
}

void expect_within(const std::string& text, std::size_t width) {
  for (const auto& line : lines_of(text)) EXPECT_LE(utf8_length(line), width) << line;
}

}  // namespace

TEST(HistoryTable, FitsEightyColumnsWithWholeNames) {
  const std::string text = history_table({long_row(1), long_row(12)}, 80);
  expect_within(text, 80);
  EXPECT_EQ(text.find("\u2026"), std::string::npos) << text;
  for (const char* whole : {"6.12.0-rc7-next-20241129-amd64", "context", "1234567 \u00b1 2345", "PASS (2w)"})
    EXPECT_NE(text.find(whole), std::string::npos) << whole << " is not whole in\n" << text;
  const auto header = lines_of(text).at(0);
  for (const char* gone : {"metric", "host"}) EXPECT_EQ(header.find(gone), std::string::npos) << header;
}

TEST(HistoryTable, AWiderTerminalKeepsMoreColumnsWhole) {
  const std::string narrow = history_table({long_row(1)}, 80), wide = history_table({long_row(1)}, 120);
  expect_within(wide, 120);
  EXPECT_EQ(wide.find("\u2026"), std::string::npos) << wide;
  EXPECT_GT(lines_of(wide).at(0).size(), lines_of(narrow).at(0).size());
  EXPECT_NE(wide.find("after-the-eevdf-slice-change"), std::string::npos) << wide;
  EXPECT_NE(lines_of(wide).at(0).find("time (UTC)"), std::string::npos) << wide;
}

// Even short names make 89 columns: the metric goes (the workload names it).
TEST(HistoryTable, ShortNamesLoseOnlyTheMetric) {
  const store::SetRow r{.id = 3, .started = "2026-11-29T22:04:27Z", .host = "box", .kernel = "6.1.0",
                        .workload = "spawn", .status = "PASS", .primary_metric = "spawns_per_sec",
                        .primary_mean = 1000, .runs = 5, .spec_id = "abcdef012345"};
  const auto header = lines_of(history_table({r}, 80)).at(0);
  for (const char* kept : {"time (UTC)", "host", "spec", "label"})
    EXPECT_NE(header.find(kept), std::string::npos) << header;
  EXPECT_EQ(header.find("metric"), std::string::npos) << header;
  EXPECT_NE(history_table({r}, 120).find("spawns_per_sec"), std::string::npos);
}

TEST(Table, DropsWholeColumnsInTheGivenOrderAndNeverCutsACell) {
  Table t({"name", "a", "b", "c"});
  t.add_row({"a-long-name-kept-whole", "1111111111", "2222222222", "3333333333"});
  t.drop_to_fit(40, {2, 1, 0});  // 58 wide; without b 46; without a too 34: name stays
  const auto lines = lines_of(t.render());
  EXPECT_EQ(lines.at(0), "name                             c");
  EXPECT_EQ(lines.at(1), "a-long-name-kept-whole  3333333333");
}

TEST(Table, ANarrowColumnDroppedBeforeAWideOneComesBack) {
  Table t({"name", "a", "b", "c"});
  t.add_row({"a-long-name-kept-whole", "1", "a-value-of-thirty-characters-.", "3"});
  t.drop_to_fit(40, {1, 2});  // without a still 57; without b too 25; a back: 28
  EXPECT_EQ(t.render(), "name                    a  c\na-long-name-kept-whole  1  3\n");
}

TEST(Table, TooWideAfterEveryDropIsPrintedWider) {
  Table t({"name", "value"});
  t.add_row({"a-name-longer-than-the-whole-width", "1"});
  t.drop_to_fit(10, {1});
  EXPECT_EQ(t.render(), "name\na-name-longer-than-the-whole-width\n");
}

}  // namespace schedlab
