// Rows planted in a store are read like a hostile file (issue 18, case 6):
// every reader names the bad set, skips it, and exits 2 when nothing is
// left; and a huge selector is bad input, not a store error (case 14).
// Each case failed before: a 100,000-deep set_json made export crash.
#include <filesystem>

#include "integration/store_fixtures.h"
#include "support/registries.h"

namespace schedlab::testing {
namespace {

struct Defect {
  const char* name;
  std::string sql;   // plants it in set 2 of 3
  bool in_columns;   // history and trend read it too (they read the columns, and set_json for the spec id)
  // Every reader, or one per way of reading (set_json: export; columns:
  // history).  Every reader takes its rows through one validation
  // (store/validated rows), which the other defects show for each reader;
  // the huge row costs seconds per reader, so it meets one of each kind.
  bool every_reader;
};

// More than the 256 MiB a result may be, made by SQLite itself.
const std::string kHuge = "hex(zeroblob(" + std::to_string((std::size_t{256} << 19) + 1) + "))";

const Defect kDefects[] = {
    {"deep JSON", "UPDATE sets SET set_json = replace(hex(zeroblob(100000)), '00', '[') WHERE id = 2", true, true},
    {"wrong types",
     "UPDATE sets SET set_json = json_set(set_json, '$.runs', 'many'), runs = 'many' WHERE id = 2; "
     "UPDATE run_values SET value = 'fast' WHERE set_id = 2",
     true, true},
    // Only set_json: every reader reads it (history for the spec id), and
    // a cell that long comes back from the connection as its length alone
    // whatever its column (store/connection.h, OversizedCell).
    {"huge text", "UPDATE sets SET set_json = '{\"label\": \"' || " + kHuge + " || '\"}' WHERE id = 2", true,
     false},
};

std::size_t sets_in(const std::string& json_text, const char* key) {
  return nlohmann::json::parse(json_text)[key].size();
}

void expect_skipped(const Outcome& o, const std::string& what) {
  EXPECT_EQ(o.status, 0) << what << ": " << o.err;
  EXPECT_NE(o.err.find("set 2 skipped: "), std::string::npos) << what << ": " << o.err.substr(0, 500);
  EXPECT_EQ(line_count(o.err), 1u) << what << ": " << o.err.substr(0, 500);
}

}  // namespace

TEST(StoreRows, PlantedRowsAreNamedAndSkippedByEveryReader) {
  for (const auto& defect : kDefects) {
    SCOPED_TRACE(defect.name);
    TempDir dir;
    const std::string db = dir.file("r.db");
    import_kernels(dir, db, 3);
    plant(db, defect.sql);
    const Outcome exported = run_schedlab({"export", "1", "2", "3", "--json", dir.file("e.json"), "--store", db});
    expect_skipped(exported, "export");
    EXPECT_EQ(read_result_file(dir.file("e.json"), testing::workload_registry()).sets.size(), 2u);
    const Outcome history = run_schedlab({"history", "--json", "--store", db});
    if (!defect.every_reader) {
      expect_skipped(history, "history");
      EXPECT_EQ(sets_in(history.out, "sets"), 2u);
      continue;
    }
    expect_skipped(run_schedlab({"compare", "@kernel=6.*", "--style", "csv", "--store", db}), "compare");
    expect_skipped(run_schedlab({"report", "@kernel=6.*", "-o", dir.file("r.html"), "--store", db}), "report");
    const Outcome only = run_schedlab({"export", "2", "--store", db});
    EXPECT_EQ(only.status, 2) << only.err.substr(0, 500);
    EXPECT_NE(only.err.find("2: no valid set left in the store"), std::string::npos) << only.err.substr(0, 500);
    EXPECT_EQ(only.out, "");

    const Outcome trend = run_schedlab({"trend", "--workload", "spawn", "--json", "--store", db});
    if (!defect.in_columns) {
      EXPECT_EQ(history.status, 0) << history.err;
      EXPECT_EQ(sets_in(history.out, "sets"), 3u);
      EXPECT_EQ(trend.status, 0) << trend.err;
      continue;
    }
    expect_skipped(history, "history");
    EXPECT_EQ(sets_in(history.out, "sets"), 2u);
    expect_skipped(trend, "trend");
    EXPECT_EQ(sets_in(trend.out, "points"), 2u);
    const Outcome none = run_schedlab({"history", "--kernel", "6.2.0", "--store", db});
    EXPECT_EQ(none.status, 2) << none.err.substr(0, 500);
    EXPECT_NE(none.err.find("no valid set left"), std::string::npos) << none.err.substr(0, 500);
  }
}

// Issue 30, defect 8: history and trend took a row's spec_id column on
// trust, so a planted one put a set in another spec's series.  The id is
// recomputed from the set's document; a row whose column disagrees is
// named and skipped by every reader that goes by spec (docs/store.md).
TEST(StoreRows, APlantedSpecIdIsNamedAndItsSetSkippedByHistoryAndTrend) {
  TempDir dir;
  const std::string db = dir.file("r.db");
  import_kernels(dir, db, 3);
  const Outcome before = run_schedlab({"history", "--json", "--store", db});
  ASSERT_EQ(before.status, 0) << before.err;
  const std::string spec = nlohmann::json::parse(before.out)["sets"][0]["spec_id"].get<std::string>();
  plant(db, "UPDATE sets SET spec_id = 'abcdef012345' WHERE id = 2");
  const std::string named = "set 2 skipped: spec_id: not the spec its set_json records (" + spec + ")";
  const Outcome history = run_schedlab({"history", "--json", "--store", db});
  expect_skipped(history, "history");
  EXPECT_NE(history.err.find(named), std::string::npos) << history.err;
  EXPECT_EQ(sets_in(history.out, "sets"), 2u);
  const Outcome trend = run_schedlab({"trend", "--workload", "spawn", "--json", "--store", db});
  expect_skipped(trend, "trend");
  EXPECT_EQ(sets_in(trend.out, "points"), 2u);
  EXPECT_EQ(nlohmann::json::parse(trend.out)["spec"], spec) << "the planted id is no series";
  const Outcome planted = run_schedlab({"trend", "--workload", "spawn", "--spec", "abcdef", "--store", db});
  EXPECT_EQ(planted.status, 2) << planted.err;
  EXPECT_NE(planted.err.find("no valid set left"), std::string::npos) << planted.err;
}

TEST(StoreRows, AHugeSelectorIsBadInputNotAStoreError) {
  TempDir dir;
  const std::string db = dir.file("r.db");
  import_kernels(dir, db, 1);
  const std::string stars(60000, '*');
  for (const auto& [args, names] : std::vector<std::pair<std::vector<std::string>, std::string>>{
           {{"compare", "@kernel=" + stars, "--store", db}, "selector '@kernel=****"},
           {{"export", "@label=" + stars, "--store", db}, "selector '@label=****"},
           {{"report", "@host=" + stars, "-o", dir.file("r.html"), "--store", db}, "selector '@host=****"},
           {{"history", "--kernel", stars, "--store", db}, "--kernel '****"},
           {{"history", "--label", std::string(5000, 'x'), "--store", db}, "--label 'xxxx"},
           {{"trend", "--workload", "spawn", "--host", stars, "--store", db}, "--host '****"}}) {
    const Outcome o = run_schedlab(args);
    EXPECT_EQ(o.status, 2) << args[0] << ": " << o.err.substr(0, 300);
    EXPECT_NE(o.err.find(names), std::string::npos) << o.err.substr(0, 300);
    EXPECT_NE(o.err.find("expected a pattern of at most 4096 bytes"), std::string::npos) << o.err.substr(0, 300);
    EXPECT_EQ(line_count(o.err), 1u);
    EXPECT_LT(o.err.size(), 300u) << "the message quotes the whole pattern";
  }
}

}  // namespace schedlab::testing

namespace schedlab::testing {

// A set skipped for a bad metrics row is named with why, once, and not
// counted again among the sets that "measured no" value of the metric.
TEST(StoreRows, ASetSkippedForItsMetricsIsNotSaidToHaveMeasuredNothing) {
  TempDir dir;
  const std::string db = dir.file("r.db");
  import_kernels(dir, db, 3);
  plant(db, "UPDATE metrics SET description = CAST(x'ff' AS TEXT) WHERE set_id = 3");
  const Outcome trend = run_schedlab({"trend", "--workload", "spawn", "--json", "--store", db});
  EXPECT_EQ(trend.status, 0) << trend.err;
  EXPECT_NE(trend.err.find("set 3 skipped: metrics.description: not UTF-8 text"), std::string::npos) << trend.err;
  const auto j = nlohmann::json::parse(trend.out);
  EXPECT_EQ(j["points"].size(), 2u) << trend.out;
  EXPECT_EQ(j["sets_without_value"], 0) << trend.out;
}

}  // namespace schedlab::testing
