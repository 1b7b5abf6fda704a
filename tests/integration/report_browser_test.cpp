// The HTML report in a real browser: headless Chromium opens the report of
// a real --vary experiment (and of stored history) with the network cut
// off; no console error, no request for anything but the file, every plot
// drawn with data; the screenshots are kept in build/test-artifacts/.
#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>

#include <unistd.h>

#include "integration/chromium.h"
#include "integration/harness.h"
#include "integration/stored_history.h"
#include "support/skip.h"

namespace schedlab::testing {
namespace {

struct Plot {
  std::string kind;
  int points = 0, width = 0, marks = 0;  // data-points, rendered width, drawn shapes
};

// Starts the browser in `browser`, or says in `why` why not: not installed
// (scripts/deps --test installs it), or installed but unable to run (no
// usable /dev/shm, a seccomp or namespace policy, a broken install: the
// browser's last words are the reason).  Either way the test skips, and
// fails under SCHEDLAB_REQUIRE=browser (scripts/test).
bool start_browser(std::optional<Chromium>& browser, std::string& why) {
  const auto binary = find_chromium();
  if (!binary) {
    why = "no chromium (scripts/deps --test installs it)";
    return false;
  }
  browser.emplace(*binary);
  try {
    browser->version();
  } catch (const std::exception& e) {
    std::string last, line;
    for (std::istringstream log(browser->log()); std::getline(log, line);)
      if (!line.empty()) last = line;
    why = *binary + " cannot run here: " + (last.empty() ? std::string(e.what()).substr(0, std::string(e.what()).find(';')) : last);
    browser.reset();
    return false;
  }
  return true;
}

// Every plot as the browser laid it out.
std::vector<Plot> plots_in(Chromium& browser) {
  const auto result = browser.page(
      "Runtime.evaluate",
      {{"returnByValue", true},
       {"expression",
        "Array.from(document.querySelectorAll('svg[data-points]')).map(s => [s.dataset.plot, "
        "Number(s.dataset.points), Math.round(s.getBoundingClientRect().width), "
        "s.querySelectorAll('circle, rect:not(.hit), polyline').length])"}});
  std::vector<Plot> plots;
  for (const auto& p : result["result"]["value"]) plots.push_back({p[0], p[1], p[2], p[3]});
  return plots;
}

void keep_screenshot(Chromium& browser, const std::string& name) {
  std::filesystem::create_directories(SCHEDLAB_ARTIFACT_DIR);
  const std::string png = browser.screenshot();
  EXPECT_EQ(png.substr(1, 3), "PNG");
  std::ofstream(std::string(SCHEDLAB_ARTIFACT_DIR) + "/" + name, std::ios::binary) << png;
}

void expect_drawn(const std::vector<Plot>& plots) {
  for (const auto& p : plots) {
    EXPECT_GT(p.points, 0) << p.kind << " has no data";
    EXPECT_GT(p.width, 300) << p.kind << " is not laid out";
    EXPECT_GT(p.marks, 0) << p.kind << " draws nothing";
  }
}

std::size_t count_kind(const std::vector<Plot>& plots, const std::string& kind) {
  return static_cast<std::size_t>(std::count_if(plots.begin(), plots.end(), [&](const Plot& p) { return p.kind == kind; }));
}

}  // namespace

TEST(ReportBrowser, AVaryExperimentOpensWithEveryPlotDrawn) {
  std::optional<Chromium> browser;
  std::string why;
  if (!start_browser(browser, why)) SCHEDLAB_SKIP(kBrowser) << why;
  TempDir dir;
  const Outcome run = run_schedlab({"run", "wakeup", "-m", "1", "-t", "2", "--duration", "1s", "--runs", "3",
                                    "--vary", "sleep-us=100,0", "--seed", "7", "--no-store", "--quiet", "--json",
                                    dir.file("vary.json")});
  ASSERT_EQ(run.status, 0) << run.err;
  const Outcome made = run_schedlab({"report", dir.file("vary.json"), "--metrics", "rps,wakeup_p99_us,cpu_sys_pct",
                                     "-o", dir.file("vary.html")});
  ASSERT_EQ(made.status, 0) << made.err;
  browser->open(dir.file("vary.html"));
  const auto problems = page_problems(browser->events());
  EXPECT_TRUE(problems.empty()) << ::testing::PrintToString(problems);
  const auto plots = plots_in(*browser);
  // The CPU set's split is drawn only where the runs' CPU set is not every CPU.
  const std::size_t splits = count_kind(plots, "cpu-split");
  EXPECT_TRUE(splits == 1 || splits == 2) << splits;
  EXPECT_EQ(plots.size(), 7 + splits)
      << "3 strip plots, wakeup and request latency, their histograms overlaid, the CPU split";
  EXPECT_EQ(count_kind(plots, "strip"), 3u);
  EXPECT_EQ(count_kind(plots, "latency"), 2u);
  EXPECT_EQ(count_kind(plots, "histogram"), 2u);
  expect_drawn(plots);
  for (const auto& p : plots) {
    if (p.kind != "strip") continue;
    EXPECT_EQ(p.points, 6) << "2 sets x 3 runs";
  }
  keep_screenshot(*browser, "report-vary.png");
}

// The flame graphs of a profiled A/B: one per set and a differential one,
// drawn by the page itself (no script, no fetch), each box a rect, laid out
// at the report's width without zoom.  Root: the profile probe needs
// kernel call chains; skipped where it cannot run.
TEST(ReportBrowser, FlameGraphsOfAProfiledExperimentAreDrawn) {
  if (geteuid() != 0) SCHEDLAB_SKIP(kRoot) << "the profile probe needs root";
  std::optional<Chromium> browser;
  std::string why;
  if (!start_browser(browser, why)) SCHEDLAB_SKIP(kBrowser) << why;
  TempDir dir;
  const Outcome run = run_schedlab({"run", "context", "--duration", "1s", "--runs", "2", "--vary",
                                    "cgroup-depth=0,4", "--probes", "profile", "--seed", "3", "--no-store",
                                    "--quiet", "--json", dir.file("profile.json")});
  ASSERT_EQ(run.status, 0) << run.err;
  const auto set = read_json(dir.file("profile.json"))["sets"][0];
  for (const auto& p : set["probes"]["probes"]) {
    if (p["name"] == "profile" && !p["available"].get<bool>()) SCHEDLAB_SKIP(kProfile) << p.value("reason", "");
  }
  const Outcome made = run_schedlab({"report", dir.file("profile.json"), "-o", dir.file("profile.html")});
  ASSERT_EQ(made.status, 0) << made.err;
  browser->open(dir.file("profile.html"));
  const auto problems = page_problems(browser->events());
  EXPECT_TRUE(problems.empty()) << ::testing::PrintToString(problems);
  const auto plots = plots_in(*browser);
  EXPECT_EQ(count_kind(plots, "flame"), 2u) << "one per set";
  EXPECT_EQ(count_kind(plots, "flame-diff"), 1u) << "one per compared set";
  expect_drawn(plots);
  for (const auto& p : plots) {
    if (p.kind.rfind("flame", 0) == 0) {
      EXPECT_LE(p.width, 640) << "drawn at its own width, beside its table";
    }
  }
  keep_screenshot(*browser, "report-flame.png");
}

// The check itself: a page that fetches and logs is caught.
TEST(ReportBrowser, APageThatReachesOutIsCaught) {
  std::optional<Chromium> browser;
  std::string why;
  if (!start_browser(browser, why)) SCHEDLAB_SKIP(kBrowser) << why;
  TempDir dir;
  const std::string page = dir.write("bad.html", "<!DOCTYPE html><html><body><img src=\"http://192.0.2.1/x.png\">"
                                                 "<script>console.error('oops')</script></body></html>");
  browser->open(page);
  const auto problems = page_problems(browser->events());
  const auto said = [&](const std::string& what) {
    return std::any_of(problems.begin(), problems.end(), [&](const auto& p) { return p.find(what) != p.npos; });
  };
  EXPECT_TRUE(said("network request: http://192.0.2.1/x.png")) << ::testing::PrintToString(problems);
  EXPECT_TRUE(said("oops")) << ::testing::PrintToString(problems);
}

TEST(ReportBrowser, StoredHistoryOpensWithItsTrend) {
  std::optional<Chromium> browser;
  std::string why;
  if (!start_browser(browser, why)) SCHEDLAB_SKIP(kBrowser) << why;
  TempDir dir;
  const std::string db = store_with_a_step(dir, 10, 6, 10000, 8500);
  const Outcome made = run_schedlab({"report", "@kernel=6.5.0", "@kernel=6.6.0", "--store", db,
                                     "--metrics", "lps", "-o", dir.file("history.html")});
  ASSERT_EQ(made.status, 0) << made.err;
  browser->open(dir.file("history.html"));
  const auto problems = page_problems(browser->events());
  EXPECT_TRUE(problems.empty()) << ::testing::PrintToString(problems);
  const auto plots = plots_in(*browser);
  ASSERT_EQ(count_kind(plots, "trend"), 1u);
  expect_drawn(plots);
  keep_screenshot(*browser, "report-history.png");
}

}  // namespace schedlab::testing
