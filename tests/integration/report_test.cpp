// `schedlab report` through the real binary: bad input, what it refuses to
// overwrite, stdout, and store selectors with the history's change point.
#include <gtest/gtest.h>

#include <filesystem>

#include "integration/harness.h"
#include "integration/stored_history.h"
#include "store/result_file.h"
#include "support/synthetic_sets.h"
#include "support/registries.h"

namespace schedlab::testing {
namespace {

// Two synthetic spawn sets in one result file.
std::string two_sets(TempDir& dir) {
  ResultFile file{"2026-11-30T00:00:00Z", {synthetic_set({.kernel = "6.11.0", .seed = 1}),
                                           synthetic_set({.kernel = "6.12.0", .mean = 9000, .seed = 2})}};
  write_result_file(dir.file("two.json"), file);
  return dir.file("two.json");
}

}  // namespace

std::size_t count_plots(const std::string& page) {
  std::size_t plots = 0;
  for (auto at = page.find("<svg "); at != std::string::npos; at = page.find("<svg ", at + 1)) ++plots;
  return plots;
}

TEST(Report, WritesOnePageAndSaysWhere) {
  TempDir dir;
  const std::string file = two_sets(dir);
  const Outcome o = run_schedlab({"report", file, "-o", dir.file("r.html")});
  ASSERT_EQ(o.status, 0) << o.err;
  const std::size_t plots = count_plots(dir.read("r.html"));
  EXPECT_GT(plots, 1u);
  EXPECT_EQ(o.out, "report: " + dir.file("r.html") + " (2 sets, " + std::to_string(plots) + " plots)\n");
  const Outcome all = run_schedlab({"report", file, "--all", "-o", dir.file("all.html")});
  ASSERT_EQ(all.status, 0) << all.err;
  EXPECT_GT(count_plots(dir.read("all.html")), plots) << "--all: every metric, by default the headline ones";
  EXPECT_TRUE(leftover_children().empty());
}

TEST(Report, RefusesBadInputInOneLine) {
  TempDir dir;
  const std::string file = two_sets(dir);
  struct Case {
    std::vector<std::string> args;
    std::string says;
  };
  const std::vector<Case> cases = {
      {{"report", file, "--test", "t"}, "--test 't': expected paired, welch, mwu or overlap"},
      {{"report", file, "--alpha", "2"}, "--alpha '2': expected a number above 0 and below 1"},
      {{"report", file, "--metrics", "nope"}, "--metrics 'nope': expected a metric of the sets"},
      {{"report", file, "--all", "--metrics", "lps"}, "--all: cannot be combined with --metrics"},
      {{"report", dir.file("missing.json")}, "missing.json"},
      {{"report", file, "-o", dir.path()}, "-o '" + dir.path() + "': expected a file name, not a directory"},
      {{"report", file, "-o", file}, "expected a new file or an earlier schedlab report"},
      {{"report", file, "-o", dir.file("no/such/dir.html")}, "does not exist"},
  };
  for (const auto& c : cases) {
    const Outcome o = run_schedlab(c.args);
    EXPECT_EQ(o.status, 2) << c.args.back() << ": " << o.err;
    EXPECT_NE(o.err.find(c.says), std::string::npos) << o.err;
    EXPECT_EQ(std::count(o.err.begin(), o.err.end(), '\n'), 1) << o.err;
  }
  EXPECT_TRUE(read_result_file(file, testing::workload_registry()).sets.size() == 2) << "the result file given as -o is intact";
}

TEST(Report, OverwritesAnEarlierReportAndWritesToStdout) {
  TempDir dir;
  const std::string file = two_sets(dir);
  ASSERT_EQ(run_schedlab({"report", file, "-o", dir.file("r.html")}).status, 0);
  const Outcome again = run_schedlab({"report", file, "-o", dir.file("r.html"), "--metrics", "lps"});
  ASSERT_EQ(again.status, 0) << again.err;
  EXPECT_NE(again.out.find("(2 sets, 2 plots)"), std::string::npos) << again.out << " (a strip plot and "
                                                                                     "the CPU split)";
  const Outcome out = run_schedlab({"report", file, "-o", "-", "--metrics", "lps"});
  ASSERT_EQ(out.status, 0) << out.err;
  EXPECT_EQ(out.out.rfind("<!DOCTYPE html>", 0), 0u);
  EXPECT_EQ(out.out.size(), dir.read("r.html").size()) << "the same page, but for its time stamp";
}

TEST(Report, StoreSelectorsBringTheHistoryWithItsChangePoint) {
  TempDir dir;
  const std::string db = store_with_a_step(dir, 12, 7, 10000, 8000);
  const Outcome o = run_schedlab(
      {"report", "@kernel=6.6.0", "@kernel=6.7.0", "--store", db, "-o", dir.file("h.html")});
  ASSERT_EQ(o.status, 0) << o.err;
  const std::string page = dir.read("h.html");
  EXPECT_NE(page.find("data-plot=\"trend\" data-points=\"12\""), std::string::npos);
  EXPECT_NE(page.find("class=\"change worse\""), std::string::npos) << "the 20% step is found";
  EXPECT_NE(page.find("dot point compared"), std::string::npos) << "the compared kernels are ringed";
}

}  // namespace schedlab::testing
