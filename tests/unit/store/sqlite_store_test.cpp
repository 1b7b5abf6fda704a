// The store on SQLite: schema and migrations, idempotent recording, exact
// round trips, selectors, history filters and trend order.
#include <gtest/gtest.h>

#include <filesystem>

#include "store/schema.h"
#include "store/selector.h"
#include "store/set_filter.h"
#include "store/sqlite_connection.h"
#include "store/store_choice.h"
#include "store/trend.h"
#include "report/trend_format.h"
#include "spec/spec_identity.h"
#include "support/synthetic_sets.h"
#include "support/temp_dir.h"
#include "support/registries.h"

namespace schedlab::store {
namespace {

using testing::SyntheticSpec;
using testing::synthetic_document;

std::unique_ptr<Store> open_at(const std::string& path) {
  return std::make_unique<Store>(std::make_unique<SqliteConnection>(path, Access::kWrite), testing::workload_registry());
}

std::int64_t count(Store& s, const std::string& table) {
  return as_int(s.connection().query("SELECT COUNT(*) FROM " + table).at(0).at(0));
}

// A set with the fields a newer schedlab writes and this build does not model.
SetDocument newer_document() {
  SetDocument doc = synthetic_document({});
  doc.set["argv"] = {"schedlab", "run", "spawn", "--runs", "5"};
  doc.set["warnings"] = {{{"kind", "fidelity"}, {"run", 0}, {"detail", "placement differs"}},
                         {{"kind", "busy"}, {"run", 3}, {"detail", "12.5% of CPUs 0-1 used by other processes"}}};
  doc.set["runs"][0]["sequence"] = 1;
  doc.set["runs"][0]["started"] = "2026-11-01T00:00:00.123456Z";
  doc.set["runs"][0]["foreign_cpu_pct"] = 0.7;
  doc.set["runs"][0]["details"] = {{"histograms", {{"wakeup_us", {1, 2, 3}}}}};
  return doc;
}

TEST(SqliteStore, NewDatabaseHasTheCurrentSchemaAndTheFlatView) {
  testing::TempDir dir;
  auto s = open_at(dir.file("r.db"));
  EXPECT_EQ(schema_version(s->connection()), kSchemaVersion);
  s->record(synthetic_document({}));
  const auto rows = s->connection().query("SELECT metric, value, unit, is_primary FROM runs_flat WHERE "
                                          "metric = 'lps' ORDER BY run_index");
  ASSERT_EQ(rows.size(), 5u);
  EXPECT_EQ(as_text(rows[0][2]), "loops/s");
  EXPECT_EQ(as_int(rows[0][3]), 1);
}

TEST(SqliteStore, AnOlderDatabaseIsMigratedAndKeepsItsSets) {
  testing::TempDir dir;
  {
    SqliteConnection c(dir.file("r.db"), Access::kWrite);
    migrate(c, testing::workload_registry(), 1);
    c.exec("INSERT INTO sets (content_hash, recorded, runs, warnings, set_json) VALUES ('h', 'now', 0, 0, '{}')");
  }
  auto s = open_at(dir.file("r.db"));
  EXPECT_EQ(schema_version(s->connection()), kSchemaVersion);
  EXPECT_EQ(count(*s, "sets"), 1);
  EXPECT_EQ(count(*s, "set_warnings"), 0);
}

// Issue 21: each set carries its spec id; a set stored before the column
// existed gets it from its JSON when the store is upgraded.
TEST(SqliteStore, EachSetCarriesItsSpecIdAndHistorySelectsByIt) {
  testing::TempDir dir;
  const WorkloadRegistry workloads = builtin_workloads();
  const std::string spawn = spec_id(testing::synthetic_set({}), workloads);
  const std::string execl = spec_id(testing::synthetic_set({.workload = "execl"}), workloads);
  ASSERT_NE(spawn, execl);
  {
    SqliteConnection c(dir.file("r.db"), Access::kWrite);
    migrate(c, testing::workload_registry(), 2);
    c.query("INSERT INTO sets (content_hash, created, recorded, runs, warnings, set_json) VALUES "
            "('h', '2026-11-01T00:00:00Z', 'now', 5, 0, ?)",
            {synthetic_document({}).set.dump()});
  }
  auto s = open_at(dir.file("r.db"));
  s->record(synthetic_document({.workload = "execl"}));
  const auto rows = s->find({});
  ASSERT_EQ(rows.size(), 2u);
  EXPECT_EQ(rows[0].spec_id, spawn) << "backfilled by the migration";
  EXPECT_EQ(rows[1].spec_id, execl) << "written with the set";
  SetFilter f;
  f.spec = execl.substr(0, 8);
  ASSERT_EQ(s->find(f).size(), 1u);
  EXPECT_EQ(s->find(f)[0].workload, "execl");
  EXPECT_EQ(select_sets(*s, "@spec=" + spawn, "").size(), 1u);
  f.spec = "xyz";
  EXPECT_THROW(s->find(f), UsageError);
  EXPECT_THROW(parse_selector("@spec=12"), UsageError);
}

TEST(SqliteStore, ANewerSchemaIsRefusedWithOneLine) {
  testing::TempDir dir;
  open_at(dir.file("r.db"));
  SqliteConnection(dir.file("r.db"), Access::kWrite).exec("INSERT INTO schema_version VALUES (99, 'later')");
  try {
    open_at(dir.file("r.db"));
    FAIL() << "a newer schema was opened";
  } catch (const StoreError& e) {
    const std::string what = e.what();
    EXPECT_NE(what.find("schema version 99, newer than this schedlab"), std::string::npos) << what;
    EXPECT_EQ(what.find('\n'), std::string::npos);
  }
}

// The fuzz target's store: private, writable, gone with the connection.
TEST(SqliteStore, AnInMemoryStoreRecordsAndReads) {
  Store s(SqliteConnection::in_memory(), testing::workload_registry());
  const auto id = s.record(newer_document()).id;
  EXPECT_EQ(s.load({id}, "export").at(0).set.at("label"), "6.11.0");
  EXPECT_EQ(s.connection().where(), ":memory:");
}

// An imported file from before masking keeps no password in the store,
// and is the same set (one content hash) as the masked one.
TEST(SqliteStore, TheRecordedCommandLineIsStoredMasked) {
  testing::TempDir dir;
  auto s = open_at(dir.file("r.db"));
  SetDocument doc = newer_document();
  doc.set["argv"] = {"schedlab", "run", "spawn", "--store", "postgresql://u:PW@db/x"};
  const auto first = s->record(doc);
  doc.set["argv"][4] = "postgresql://u:***@db/x";
  EXPECT_FALSE(s->record(doc).added);
  const auto row = s->connection().query("SELECT argv, set_json FROM sets WHERE id = ?", {first.id}).at(0);
  EXPECT_EQ(as_text(row[0]).find("PW"), std::string::npos) << as_text(row[0]);
  EXPECT_EQ(as_text(row[1]).find("PW"), std::string::npos);
}

TEST(SqliteStore, RecordingTheSameSetTwiceAddsItOnce) {
  testing::TempDir dir;
  auto s = open_at(dir.file("r.db"));
  const auto first = s->record(synthetic_document({}));
  const auto again = s->record(synthetic_document({}));
  const auto other = s->record(synthetic_document({.seed = 2}));
  EXPECT_TRUE(first.added);
  EXPECT_FALSE(again.added);
  EXPECT_EQ(again.id, first.id);
  EXPECT_TRUE(other.added);
  EXPECT_EQ(count(*s, "sets"), 2);
  EXPECT_EQ(count(*s, "runs"), 10);
}

TEST(SqliteStore, ExportGivesBackExactlyWhatWasRecordedIncludingNewerFields) {
  testing::TempDir dir;
  auto s = open_at(dir.file("r.db"));
  const SetDocument doc = newer_document();
  const auto id = s->record(doc).id;
  const auto back = s->load({id}, "export");
  ASSERT_EQ(back.size(), 1u);
  EXPECT_EQ(back[0].set.dump(), doc.set.dump());
  EXPECT_EQ(back[0].created, doc.created);
  EXPECT_EQ(result_file_json(back).dump(2), result_file_json({doc}).dump(2));
  const auto row = s->connection().query("SELECT argv, warnings FROM sets").at(0);
  EXPECT_EQ(as_text(row[0]), R"(["schedlab","run","spawn","--runs","5"])");
  EXPECT_EQ(as_int(row[1]), 2);
  EXPECT_EQ(as_text(s->connection().query("SELECT text FROM set_warnings WHERE position = 1").at(0).at(0)),
            R"({"kind":"busy","run":3,"detail":"12.5% of CPUs 0-1 used by other processes"})");
  const auto run = s->connection().query("SELECT sequence, foreign_cpu_pct, started FROM runs WHERE run_index = 1");
  EXPECT_EQ(as_int(run.at(0)[0]), 1);
  EXPECT_EQ(as_double(run.at(0)[1]), 0.7);
  EXPECT_EQ(as_text(run.at(0)[2]), "2026-11-01T00:00:00.123456Z");
  EXPECT_THROW(s->load({id + 1}, "export"), UsageError);
}

class Populated : public ::testing::Test {
 protected:
  void SetUp() override {
    store_ = open_at(dir_.file("r.db"));
    int day = 1;
    for (const char* kernel : {"6.10.0", "6.9.0", "6.11.0-rc1", "6.11.0"})
      for (const char* host : {"grid-1", "grid-2"})
        store_->record(synthetic_document({.kernel = kernel, .host = host, .day = day++}));
    store_->record(synthetic_document({.workload = "exec", .kernel = "6.9.0", .label = "pinned", .day = 20}));
  }
  std::vector<std::int64_t> ids(const SetFilter& f) {
    std::vector<std::int64_t> out;
    for (const auto& r : store_->find(f)) out.push_back(r.id);
    return out;
  }
  testing::TempDir dir_;
  std::unique_ptr<Store> store_;
};

TEST_F(Populated, SelectorsExpandToTheirSets) {
  EXPECT_EQ(ids(parse_selector("@kernel=6.9.0")), (std::vector<std::int64_t>{3, 4, 9}));
  EXPECT_EQ(ids(parse_selector("@kernel=6.11*")), (std::vector<std::int64_t>{5, 6, 7, 8}));
  EXPECT_EQ(ids(parse_selector("@host=grid-2")), (std::vector<std::int64_t>{2, 4, 6, 8}));
  EXPECT_EQ(ids(parse_selector("@label=pinned")), (std::vector<std::int64_t>{9}));
  EXPECT_EQ(ids(parse_selector("@id=7")), (std::vector<std::int64_t>{7}));
  EXPECT_EQ(ids(parse_selector("7")), (std::vector<std::int64_t>{7}));
  EXPECT_EQ(select_sets(*store_, "@kernel=6.9.0", "exec").size(), 1u);
  EXPECT_THROW(select_sets(*store_, "@kernel=7.0", ""), UsageError);
  for (const char* bad : {"@kernel=", "@colour=red", "@id=x", "0", "@id=-1"})
    EXPECT_THROW(parse_selector(bad), UsageError) << bad;
}

// SQLite refuses LIKE patterns over 50,000 bytes ("pattern too complex",
// a store error); a pattern is bad input long before.
TEST_F(Populated, APatternOverTheLimitIsBadInputWhereverItIsUsed) {
  const std::string longest = "@kernel=" + std::string(kMaxPatternBytes - 8, '*');
  EXPECT_EQ(ids(parse_selector(longest)).size(), 9u);
  EXPECT_THROW(parse_selector(longest + "*"), UsageError);
  SetFilter f;
  f.label = std::string(60000, '*');
  EXPECT_THROW(store_->find(f), UsageError) << "where_of checks every text filter";
}

TEST_F(Populated, HistoryFiltersCombine) {
  SetFilter f;
  f.workload = "spawn";
  f.host = "grid-?";
  f.since_epoch = epoch_seconds("2026-11-05");
  EXPECT_EQ(ids(f), (std::vector<std::int64_t>{5, 6, 7, 8}));
  f.kernel = "6.11.0";
  EXPECT_EQ(ids(f), (std::vector<std::int64_t>{7, 8}));
  f.kernel = "6.11.0%";  // LIKE's own wildcard is a literal here
  EXPECT_TRUE(ids(f).empty());
  const auto row = store_->find({.id = 1}).at(0);
  EXPECT_EQ(row.primary_metric, "lps");
  EXPECT_EQ(row.runs, 5);
  ASSERT_TRUE(row.primary_mean && row.primary_ci95);
  EXPECT_NEAR(*row.primary_mean, 10000, 150);
}

TEST_F(Populated, TrendByKernelIsInVersionOrder) {
  const Trend t = build_trend(*store_, {.workload = "spawn"});
  std::vector<std::string> keys;
  for (const auto& p : t.points) keys.push_back(p.key);
  EXPECT_EQ(keys, (std::vector<std::string>{"6.9.0", "6.10.0", "6.11.0-rc1", "6.11.0"}));
  EXPECT_EQ(t.points[0].set_ids.size(), 2u);
  EXPECT_EQ(t.metric.name, "lps");
  EXPECT_THROW(build_trend(*store_, {.workload = "nope"}), UsageError);
  EXPECT_THROW(build_trend(*store_, {.workload = "spawn", .metric = "nope"}), UsageError);
  EXPECT_EQ(build_trend(*store_, {.workload = "spawn", .metric = "sys_s"}).metric.unit, "s");
}

TEST(SqliteStore, TrendFindsAPlantedRegressionBetweenKernels) {
  testing::TempDir dir;
  auto s = open_at(dir.file("r.db"));
  for (int minor = 1; minor <= 16; ++minor)
    for (int copy = 0; copy < 2; ++copy)
      s->record(synthetic_document({.kernel = fmt::format("6.{}.0", minor), .mean = minor < 9 ? 10000.0 : 9000.0,
                                    .day = minor, .second = copy * 100,
                                    .seed = static_cast<std::uint64_t>(minor * 10 + copy)}));
  const Trend t = build_trend(*s, {.workload = "spawn"});
  ASSERT_EQ(t.points.size(), 16u);
  ASSERT_EQ(t.change_points.size(), 1u);
  EXPECT_EQ(t.points[t.change_points[0].index].key, "6.9.0");
  EXPECT_NEAR(t.change_points[0].change_pct, -10, 1.5);
}

// A set whose runs have no value of the metric (a metric with no data is
// absent, not 0) is left out of the trend, and the trend says so.
TEST(SqliteStore, TrendSaysWhichSetsMeasuredNoValue) {
  testing::TempDir dir;
  auto s = open_at(dir.file("r.db"));
  s->record(synthetic_document({.kernel = "6.1.0", .seed = 1}));
  SetDocument without = synthetic_document({.kernel = "6.2.0", .day = 2, .seed = 2});
  for (auto& run : without.set["runs"]) run["values"].erase("sys_s");
  s->record(without);
  const Trend t = build_trend(*s, {.workload = "spawn", .metric = "sys_s"});
  EXPECT_EQ(t.points.size(), 1u);
  EXPECT_EQ(t.sets_without_value, 1u);
  EXPECT_NE(format_trend_text(t).find("(1 more set of spawn measured no sys_s: not in the trend)"),
            std::string::npos)
      << format_trend_text(t);
}

// Sets of one workload that measured different things (1 copy and 2) are
// two series: the trend shows the latest set's spec and lists the other,
// never one point averaged over both (it was one 453-lps point no run
// measured).
TEST(SqliteStore, TrendKeepsOneSeriesPerSpec) {
  testing::TempDir dir;
  auto s = open_at(dir.file("r.db"));
  s->record(synthetic_document({.kernel = "6.1.0", .mean = 10000, .seed = 1}));
  s->record(synthetic_document({.kernel = "6.2.0", .mean = 10000, .day = 2, .seed = 2}));
  SetDocument two = synthetic_document({.kernel = "6.2.0", .mean = 4000, .day = 3, .seed = 3});
  two.set["scenario"]["requested"]["copies"] = "2";
  s->record(two);
  const Trend latest = build_trend(*s, {.workload = "spawn"});
  ASSERT_EQ(latest.points.size(), 1u) << "the 2-copy spec has one set, on 6.2.0";
  EXPECT_NEAR(latest.points[0].mean, 4000, 400);
  ASSERT_EQ(latest.other_specs.size(), 1u);
  EXPECT_EQ(latest.other_specs[0].second, 2u);
  const Trend one = build_trend(*s, {.workload = "spawn", .spec = latest.other_specs[0].first});
  ASSERT_EQ(one.points.size(), 2u);
  for (const auto& p : one.points) EXPECT_NEAR(p.mean, 10000, 1000) << p.key << ": never averaged with 2 copies";
  EXPECT_NE(format_trend_text(latest).find("other specs of spawn in the store, never averaged in"),
            std::string::npos) << format_trend_text(latest);
}

// Issue 30, defect 8: a spec_id planted in a row put its set into another
// spec's series.  The id is recomputed from set_json as the row is read;
// a row that disagrees is skipped, named with the id its document gives.
TEST(SqliteStore, APlantedSpecIdIsNotTrustedByFindOrTrend) {
  testing::TempDir dir;
  auto s = open_at(dir.file("r.db"));
  s->record(synthetic_document({.kernel = "6.1.0", .mean = 10000, .seed = 1}));
  SetDocument other = synthetic_document({.kernel = "6.2.0", .mean = 4000, .day = 2, .seed = 2});
  other.set["scenario"]["requested"]["copies"] = "2";
  const std::string real = stored_spec_id(other, testing::workload_registry());
  const std::int64_t planted = s->record(other).id;
  const std::string one_copy = s->find({}).front().spec_id;
  s->connection().query("UPDATE sets SET spec_id = ? WHERE id = ?", {one_copy, planted});
  const auto rows = s->find({});
  ASSERT_EQ(rows.size(), 1u) << "the planted row is skipped, not listed under the other spec";
  ASSERT_EQ(s->skipped().count(planted), 1u);
  EXPECT_EQ(s->skipped().at(planted),
            "spec_id: not the spec its set_json records (" + real + "): changed outside schedlab");
  const Trend t = build_trend(*s, {.workload = "spawn", .spec = one_copy});
  ASSERT_EQ(t.points.size(), 1u);
  EXPECT_NEAR(t.points[0].mean, 10000, 1000) << "the 2-copy set is never averaged in";
}

TEST(StoreChoice, LocationsAndTheirErrors) {
  testing::TempDir dir;
  setenv("XDG_DATA_HOME", dir.path().c_str(), 1);
  unsetenv("SCHEDLAB_STORE");
  EXPECT_EQ(choose_store("", false).location, dir.path() + "/schedlab/results.db");
  EXPECT_EQ(choose_store("", true).kind, StoreChoice::Kind::kNone);
  EXPECT_EQ(choose_store("postgres://db/x", false).kind, StoreChoice::Kind::kPostgres);
  EXPECT_EQ(choose_store("sqlite:/x/y.db", false).location, "/x/y.db");
  setenv("SCHEDLAB_STORE", "postgresql://grid/results", 1);
  EXPECT_EQ(choose_store("", false).location, "postgresql://grid/results");
  setenv("SCHEDLAB_STORE", "mysql://grid", 1);
  EXPECT_THROW(choose_store("", false), UsageError);
  unsetenv("SCHEDLAB_STORE");
  EXPECT_THROW(choose_store("a.db", true), UsageError);
  EXPECT_THROW(choose_store("none", false), UsageError);  // not a file named none: --no-store is the way
  EXPECT_FALSE(std::filesystem::exists("none"));
  EXPECT_EQ(choose_store("./none", false).kind, StoreChoice::Kind::kSqlite);
  EXPECT_THROW(choose_store(dir.path(), false), UsageError);
  EXPECT_THROW(open_store({StoreChoice::Kind::kSqlite, dir.file("none.db")}, Access::kRead, testing::workload_registry()), UsageError);
  EXPECT_FALSE(std::filesystem::exists(dir.file("none.db"))) << "a read created the store";
  unsetenv("XDG_DATA_HOME");
}

}  // namespace
}  // namespace schedlab::store
