// The store on a real PostgreSQL server that the test starts itself
// (support/postgres_server.h): concurrent writers, and a server that dies
// in the middle of a write.
#include <gtest/gtest.h>

#include <atomic>
#include <chrono>
#include <thread>

#include "store/result_file.h"
#include "store/postgres_connection.h"
#include "store/record.h"
#include "store/schema.h"
#include "support/postgres_server.h"
#include "support/skip.h"
#include "support/synthetic_sets.h"
#include "support/registries.h"

namespace schedlab::store {
namespace {

using testing::PostgresServer;
using testing::SyntheticSpec;

std::int64_t count(Connection& c, const std::string& sql) { return as_int(c.query(sql).at(0).at(0)); }

SetDocument writer_set(int writer, int i) {
  return testing::synthetic_document({.host = fmt::format("grid-{}", writer), .day = 1 + i % 28,
                                      .second = i, .seed = static_cast<std::uint64_t>(writer * 1000 + i)});
}

// Each writer records its own 50 sets and, at the same time, its
// neighbour's: every set is written twice, concurrently, and must be
// stored once.
TEST(PostgresStore, EightConcurrentWritersStoreEverySetExactlyOnce) {
  PostgresServer server;
  if (!server.available()) SCHEDLAB_SKIP(kPostgres) << server.why_not();
  constexpr int kWriters = 8, kSets = 50;
  std::atomic<int> failures{0};
  std::vector<std::thread> writers;
  writers.reserve(kWriters);
  for (int w = 0; w < kWriters; ++w)
    writers.emplace_back([&, w] {
      try {
        Store store(std::make_unique<PostgresConnection>(server.url(), Access::kWrite), testing::workload_registry());
        for (int i = 0; i < kSets; ++i) {
          store.record(writer_set(w, i));
          store.record(writer_set((w + 1) % kWriters, i));
        }
      } catch (const std::exception& e) {
        ADD_FAILURE() << "writer " << w << ": " << e.what();
        ++failures;
      }
    });
  for (auto& t : writers) t.join();
  ASSERT_EQ(failures, 0);
  PostgresConnection c(server.url(), Access::kWrite);
  EXPECT_EQ(count(c, "SELECT COUNT(*) FROM sets"), kWriters * kSets);
  EXPECT_EQ(count(c, "SELECT COUNT(DISTINCT content_hash) FROM sets"), kWriters * kSets);
  EXPECT_EQ(count(c, "SELECT COUNT(*) FROM runs"), kWriters * kSets * 5);
  EXPECT_EQ(count(c, "SELECT COUNT(*) FROM (SELECT host FROM sets GROUP BY host HAVING COUNT(*) = 50) h"),
            kWriters);
}

// A long write is cut by an immediate server stop: record_result_sets
// keeps every set in a spool file, says so on one line, and importing the
// spool once the server is back stores them all, none twice.
TEST(PostgresStore, AServerStoppedMidWriteLosesNoSet) {
  PostgresServer server;
  if (!server.available()) SCHEDLAB_SKIP(kPostgres) << server.why_not();
  testing::TempDir data;
  setenv("XDG_DATA_HOME", data.path().c_str(), 1);
  ResultFile file{"2026-11-01T00:00:00Z", {}};
  for (int i = 0; i < 2000; ++i)
    file.sets.push_back(testing::synthetic_set({.day = 1 + i % 28, .second = i, .seed = static_cast<std::uint64_t>(i)}));
  const StoreChoice choice{StoreChoice::Kind::kPostgres, server.url()};
  ::testing::internal::CaptureStderr();
  std::vector<Recorded> recorded = {{1, true}};
  std::string spooled;
  std::thread writer([&] {
    auto outcome = record_result_sets(choice, file, {testing::workload_registry()});
    recorded = outcome.recorded;
    spooled = outcome.spool;
  });
  {
    PostgresConnection watcher(server.url(), Access::kRead);
    const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(60);
    while (schema_version(watcher) == 0 || count(watcher, "SELECT COUNT(*) FROM sets") < 20) {
      ASSERT_LT(std::chrono::steady_clock::now(), deadline) << "the writer never started";
      std::this_thread::sleep_for(std::chrono::milliseconds(5));
    }
  }
  server.stop();
  writer.join();
  const std::string err = ::testing::internal::GetCapturedStderr();
  EXPECT_TRUE(recorded.empty()) << "the write finished before the server stopped";
  EXPECT_EQ(std::count(err.begin(), err.end(), '\n'), 1) << err;
  const auto at = err.find("kept in "), end = err.find(": load them later");
  ASSERT_NE(at, std::string::npos) << err;
  const std::string spool = err.substr(at + 8, end - at - 8);
  EXPECT_EQ(spooled, spool);
  EXPECT_NE(err.find("schedlab import " + spool), std::string::npos) << err;
  const auto kept = read_result_json(spool, testing::workload_registry());
  EXPECT_EQ(kept.at("sets").size(), 2000u);

  server.start();
  ASSERT_TRUE(server.available()) << server.why_not();
  Store store(std::make_unique<PostgresConnection>(server.url(), Access::kWrite), testing::workload_registry());
  for (const auto& doc : documents_of(kept)) store.record(doc);
  EXPECT_EQ(count(store.connection(), "SELECT COUNT(*) FROM sets"), 2000);
  EXPECT_EQ(count(store.connection(), "SELECT COUNT(DISTINCT content_hash) FROM sets"), 2000);
  unsetenv("XDG_DATA_HOME");
}

}  // namespace
}  // namespace schedlab::store
