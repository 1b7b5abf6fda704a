// The store on a real PostgreSQL server started by the test: the same
// answers as SQLite for the same data, and a run whose server goes away.
#include <gtest/gtest.h>

#include <thread>

#include "integration/harness.h"
#include "store/result_file.h"
#include "support/postgres_server.h"
#include "support/skip.h"
#include "support/synthetic_sets.h"
#include "support/registries.h"

namespace schedlab::testing {
namespace {

// Twelve kernels on two hosts, two sets each, with a 10% regression from
// 6.6.0-rc1 on; one file per kernel, written out of version order.
std::vector<std::string> grid_files(const TempDir& dir) {
  const std::vector<std::string> by_version = {"6.1.0", "6.2.0", "6.3.0", "6.4.0", "6.5.0", "6.6.0-rc1",
                                               "6.6.0", "6.6.2", "6.7.0", "6.8.0", "6.9.0", "6.10.0"};
  const int file_order[] = {1, 0, 2, 3, 5, 4, 6, 8, 7, 9, 11, 10};
  std::vector<std::string> files;
  int day = 1;
  for (const int k : file_order) {
    ResultFile file{"2026-11-01T00:00:00Z", {}};
    for (const char* host : {"grid-1", "grid-2"})
      for (int copy = 0; copy < 2; ++copy)
        file.sets.push_back(synthetic_set({.kernel = by_version[k], .host = host, .mean = k >= 5 ? 9000.0 : 10000.0,
                                           .day = day, .second = copy * 600 + (host[5] - '0') * 60,
                                           .seed = static_cast<std::uint64_t>(day * 10 + copy)}));
    files.push_back(dir.file(by_version[k] + ".json"));
    write_result_file(files.back(), file);
    ++day;
  }
  return files;
}

std::string answer(const std::vector<std::string>& args, const std::string& store) {
  std::vector<std::string> full = args;
  full.insert(full.end(), {"--store", store});
  const Outcome o = run_schedlab(full);
  EXPECT_EQ(o.status, 0) << args[0] << ": " << o.err;
  return o.out;
}

TEST(PostgresStore, HistoryTrendAndCompareAnswerAsOnSqlite) {
  PostgresServer server;
  if (!server.available()) SCHEDLAB_SKIP(kPostgres) << server.why_not();
  TempDir dir;
  const auto files = grid_files(dir);
  const std::string sqlite = dir.file("r.db"), postgres = server.url();
  std::vector<std::string> import = {"import"};
  import.insert(import.end(), files.begin(), files.end());
  const std::string imported = answer(import, sqlite);
  EXPECT_EQ(answer(import, postgres), imported);
  for (const auto& args : std::vector<std::vector<std::string>>{
           {"history"}, {"history", "--json"}, {"history", "--csv", "--kernel", "6.6*", "--host", "grid-2"},
           {"history", "--since", "2026-11-03T00:00:00Z"},
           {"trend", "--workload", "spawn"}, {"trend", "--workload", "spawn", "--json"},
           {"trend", "--workload", "spawn", "--by", "time", "--json"},
           {"trend", "--workload", "spawn", "--host", "grid-1", "--metric", "sys_s"},
           {"compare", "@kernel=6.5.0", "@kernel=6.6.0", "--workload", "spawn"},
           {"compare", "@host=grid-1", "3", "--style", "json"},
           {"export", "1", "@kernel=6.10.0"}}) {
    const std::string on_sqlite = answer(args, sqlite);
    EXPECT_FALSE(on_sqlite.empty()) << args[0];
    EXPECT_EQ(answer(args, postgres), on_sqlite) << args[0] << " " << (args.size() > 1 ? args[1] : "");
  }
  const auto trend = nlohmann::json::parse(answer({"trend", "--workload", "spawn", "--json"}, postgres));
  ASSERT_EQ(trend["change_points"].size(), 1u) << trend.dump(2);
  EXPECT_EQ(trend["change_points"][0]["key"], "6.6.0-rc1") << "version order: 6.5.0 < 6.6.0-rc1 < 6.6.0";
}

// The server is stopped while `schedlab run` measures: the run still exits
// 0 with its result kept in a spool file (and in its --json file, when it
// has one), says so on one line, and `schedlab import` loads it later.
TEST(PostgresStore, AServerGoneDuringARunKeepsItsResult) {
  PostgresServer server;
  if (!server.available()) SCHEDLAB_SKIP(kPostgres) << server.why_not();
  TempDir dir;
  for (const bool with_json : {false, true}) {
    std::vector<std::string> args = {"run", "spawn", "--duration", "1", "--runs", "2", "--store", server.url()};
    if (with_json) args.insert(args.end(), {"--json", dir.file("r.json")});
    Schedlab run(args);
    std::this_thread::sleep_for(std::chrono::milliseconds(300));
    server.stop();
    const Outcome o = run.wait();
    EXPECT_EQ(o.status, 0) << o.err;
    EXPECT_EQ(std::count(o.err.begin(), o.err.end(), '\n'), 1) << o.err;
    EXPECT_NE(o.err.find("store: connect to 'postgresql:///postgres"), std::string::npos) << o.err;
    const auto at = o.err.find("kept in "), end = o.err.find(": load them later");
    ASSERT_NE(at, std::string::npos) << o.err;
    const std::string kept = o.err.substr(at + 8, end - at - 8);
    EXPECT_NE(kept.find("/schedlab/spool/schedlab-spool-"), std::string::npos) << kept;
    if (with_json) {
      EXPECT_NE(o.err.find("(" + dir.file("r.json") + " holds them too)"), std::string::npos) << o.err;
      EXPECT_EQ(read_result_file(dir.file("r.json"), testing::workload_registry()).sets.at(0).runs.size(), 2u);
    }
    EXPECT_EQ(read_result_file(kept, testing::workload_registry()).sets.at(0).runs.size(), 2u);
    server.start();
    ASSERT_TRUE(server.available()) << server.why_not();
    const Outcome imported = run_schedlab({"import", kept, "--store", server.url()});
    EXPECT_EQ(imported.status, 0) << imported.err;
    EXPECT_NE(imported.out.find("1 set, added as"), std::string::npos) << imported.out;
  }
  server.stop();  // the server is a child of this subreaper too
  EXPECT_TRUE(leftover_children().empty());
}

}  // namespace
}  // namespace schedlab::testing
