// The result store through the real binary: a plain run is in history;
// import, export and compare @selector; bad input; nothing created by a
// read.
#include <gtest/gtest.h>

#include <filesystem>

#include "integration/harness.h"
#include "store/result_file.h"
#include "support/synthetic_sets.h"

namespace schedlab::testing {
namespace {

namespace fs = std::filesystem;

size_t lines(const std::string& text) { return static_cast<size_t>(std::count(text.begin(), text.end(), '\n')); }

TEST(Store, APlainRunIsFoundByHistory) {
  TempDir data;
  const std::vector<std::string> env = {"env", "XDG_DATA_HOME=" + data.path()};
  const Outcome run = run_schedlab({"run", "spawn", "--duration", "1", "--runs", "2"}, env);
  ASSERT_EQ(run.status, 0) << run.err;
  EXPECT_NE(run.out.find("stored: set 1 in " + data.path() + "/schedlab/results.db"), std::string::npos)
      << run.out;
  const Outcome history = run_schedlab({"history", "--json"}, env);
  ASSERT_EQ(history.status, 0) << history.err;
  const auto sets = nlohmann::json::parse(history.out)["sets"];
  ASSERT_EQ(sets.size(), 1u);
  EXPECT_EQ(sets[0]["workload"], "spawn");
  EXPECT_EQ(sets[0]["runs"], 2);
  EXPECT_EQ(sets[0]["status"], "PASS");
  EXPECT_GT(sets[0]["mean"].get<double>(), 0);
  const Outcome text = run_schedlab({"history", "--workload", "spawn"}, env);
  EXPECT_NE(text.out.find("spawn"), std::string::npos) << text.out;
  EXPECT_EQ(lines(text.out), 2u) << text.out;
  EXPECT_EQ(run_schedlab({"run", "spawn", "--duration", "200ms", "--runs", "1", "--no-store"}, env).status, 0);
  EXPECT_EQ(nlohmann::json::parse(run_schedlab({"history", "--json"}, env).out)["sets"].size(), 1u);
  EXPECT_TRUE(leftover_children().empty());
}

TEST(Store, ImportExportAndCompareBySelector) {
  TempDir dir;
  const std::string db = dir.file("r.db");
  for (const char* label : {"base", "next"})
    ASSERT_EQ(run_schedlab({"run", "spawn", "--duration", "200ms", "--runs", "3", "--label", label, "--json",
                            dir.file(std::string(label) + ".json"), "--store", db}).status, 0);
  const Outcome again = run_schedlab({"import", dir.file("base.json"), dir.file("next.json"), "--store", db});
  ASSERT_EQ(again.status, 0) << again.err;
  EXPECT_NE(again.out.find("base.json: 1 set, 1 already stored (skipped: 1)"), std::string::npos) << again.out;
  const Outcome exported = run_schedlab({"export", "1", "--json", dir.file("back.json"), "--store", db});
  ASSERT_EQ(exported.status, 0) << exported.err;
  EXPECT_EQ(dir.read("back.json"), dir.read("base.json")) << "export is not the file that was recorded";
  const Outcome by_label = run_schedlab({"compare", "@label=base", "@label=next", "--store", db});
  ASSERT_EQ(by_label.status, 0) << by_label.err;
  const Outcome by_file = run_schedlab({"compare", dir.file("base.json"), "2", "--store", db});
  EXPECT_EQ(by_label.out, by_file.out);
  const Outcome none = run_schedlab({"compare", "@label=base", "@label=zzz", "--store", db});
  EXPECT_EQ(none.status, 2);
  EXPECT_NE(none.err.find("@label=zzz: no stored set matches"), std::string::npos) << none.err;
  EXPECT_EQ(lines(none.err), 1u) << none.err;
  const Outcome other = run_schedlab({"compare", "@label=base", "--workload", "exec", "--store", db});
  EXPECT_NE(other.err.find("no stored set matches with --workload exec"), std::string::npos) << other.err;
}

TEST(Store, BadInputIsOneLineAndExitTwo) {
  TempDir dir;
  const std::string db = dir.file("r.db");
  const std::string file = dir.file("r.json");
  ASSERT_EQ(run_schedlab({"run", "spawn", "--duration", "100ms", "--runs", "2", "--json", file, "--store", db})
                .status, 0);
  dir.write("broken.json", "{\"schema\": \"schedlab.result/1\", \"sets\": [");
  for (const auto& [args, fragment] : std::vector<std::pair<std::vector<std::string>, std::string>>{
           {{"history", "--since", "yesterday", "--store", db}, "--since 'yesterday': expected a date"},
           {{"history", "--json", "--csv", "--store", db}, "--json, --csv and --style: give one output format"},
           {{"trend", "--workload", "spawn", "--by", "size", "--store", db}, "--by 'size': expected kernel, time or commit"},
           {{"trend", "--workload", "nope", "--store", db}, "--workload 'nope': expected a workload with PASS sets"},
           {{"trend", "--workload", "spawn", "--metric", "nope", "--store", db}, "--metric 'nope': expected a metric of spawn"},
           {{"export", "99", "--store", db}, "99: no stored set matches"},
           {{"export", "@colour=red", "--store", db}, "selector '@colour=red': expected @kernel=PATTERN"},
           {{"import", dir.file("broken.json"), "--store", db}, "broken.json: not a valid schedlab result file"},
           {{"history", "--store", "mysql://db/x"}, "--store 'mysql://db/x': expected a SQLite database file"},
           {{"run", "spawn", "--store", db, "--no-store"}, "--no-store 'with --store"},
           {{"compare", file, "--workload", "spawn"}, "--workload 'spawn': expected store selectors"},
           {{"history", "--store", dir.file("none.db")}, "no store yet at '" + dir.file("none.db")}}) {
    const Outcome o = run_schedlab(args);
    EXPECT_EQ(o.status, 2) << args[0] << ": " << o.err;
    EXPECT_NE(o.err.find(fragment), std::string::npos) << o.err;
    EXPECT_EQ(lines(o.err), 1u) << o.err;
    EXPECT_EQ(o.out, "") << args[0];
  }
  EXPECT_FALSE(fs::exists(dir.file("none.db"))) << "a read-only command created a store";
}

TEST(Store, ReadOnlyCommandsCreateNoStore) {
  TempDir data;
  const std::vector<std::string> env = {"env", "XDG_DATA_HOME=" + data.path()};
  for (const auto& args : std::vector<std::vector<std::string>>{
           {"history"}, {"trend", "--workload", "spawn"}, {"export", "1"}, {"compare", "@kernel=6.11.0"}}) {
    const Outcome o = run_schedlab(args, env);
    EXPECT_EQ(o.status, 2) << args[0];
    EXPECT_NE(o.err.find("no store yet"), std::string::npos) << o.err;
  }
  EXPECT_FALSE(fs::exists(data.file("schedlab"))) << "a read-only command created the store's directory";
}

TEST(Store, AnUnwritableStoreKeepsTheRunInASpoolFile) {
  TempDir data;
  const std::vector<std::string> env = {"env", "XDG_DATA_HOME=" + data.path()};
  data.write("not-a-dir", "");
  const Outcome o = run_schedlab({"run", "spawn", "--duration", "100ms", "--runs", "2", "--store",
                                  data.file("not-a-dir/r.db")}, env);
  EXPECT_EQ(o.status, 0) << o.err;
  EXPECT_EQ(lines(o.err), 1u) << o.err;
  const auto at = o.err.find("kept in "), end = o.err.find(": load them later");
  ASSERT_NE(at, std::string::npos) << o.err;
  const std::string spool = o.err.substr(at + 8, end - at - 8);
  EXPECT_EQ(spool.rfind(data.path() + "/schedlab/spool/", 0), 0u) << spool;
  const Outcome imported = run_schedlab({"import", spool}, env);
  EXPECT_EQ(imported.status, 0) << imported.err;
  EXPECT_NE(imported.out.find("1 set, added as 1"), std::string::npos) << imported.out;
}

}  // namespace
}  // namespace schedlab::testing
