// Reading the result store, as history, trend, export, compare and report
// do: a database is data from outside (another user's, an older
// schedlab's, a hand edit), and SQLite keeps whatever a row was given.
//
// The input's first byte picks a cell of the second of two valid stored
// sets; the rest is that cell's text, written into an in-memory store.
// Then every reader runs over both sets: load (export, compare, report),
// select_sets, find (history) and build_trend (metric_values,
// latest_metrics).  Their one refusal is schedlab::Error ("no valid set
// left" when the second set is the only one asked for); a bad set is
// skipped, and the first set is always read back, unchanged.
#include <iostream>
#include <sstream>
#include <string>

#include "fuzz_support.h"
#include "store/selector.h"
#include "store/sqlite_connection.h"
#include "store/trend.h"

namespace {

using namespace schedlab;
using namespace schedlab::store;

// One valid set (spawn, two runs): recorded twice with different labels.
constexpr std::string_view kSet = R"({"label": "6.11.0", "status": "PASS", "warnings": [],
 "argv": ["schedlab", "run", "spawn", "--store", "postgresql://u:secret@db/x"],
 "tool": {"version": "0.1.0"}, "workload": {"name": "spawn", "params": {"method": "fork"},
 "primary_metric": "lps"}, "scenario": {"requested": {}, "applied": [], "not_applied": []},
 "environment": {"kernel": {"release": "6.11.0"}, "system": {"hostname": "grid-1"}},
 "metrics": {"lps": {"unit": "loops/s", "better": "higher"}},
 "runs": [{"index": 1, "started": "2026-11-01T00:00:00Z", "window_s": 1, "values": {"lps": 100}},
          {"index": 2, "started": "2026-11-01T00:00:01Z", "window_s": 1, "values": {"lps": 101}}]})";

// The cells a row can be planted in: each is what one reader reads.
constexpr const char* kCells[] = {
    "UPDATE sets SET set_json = ? WHERE id = 2",          // load: export, compare, report
    "UPDATE sets SET created = ? WHERE id = 2",           // load
    "UPDATE sets SET label = ? WHERE id = 2",             // find: history
    "UPDATE sets SET runs = ? WHERE id = 2",              // find
    "UPDATE sets SET primary_mean = ? WHERE id = 2",      // find
    "UPDATE run_values SET value = ? WHERE set_id = 2",   // metric_values: trend
    "UPDATE metrics SET better = ? WHERE set_id = 2",     // latest_metrics: trend
    "UPDATE sets SET kernel = ? WHERE id = 2",            // find, select_sets, the trend's key
    "UPDATE sets SET spec_id = ? WHERE id = 2",           // find: history and trend recompute it
};

Store planted_store(std::size_t cell, const std::string& text) {
  Store store(SqliteConnection::in_memory(), fuzz::workloads());
  SetDocument doc{ordered_json::parse(kSet), "2026-11-01T00:00:00Z"};
  store.record(doc);
  doc.set["label"] = "6.12.0";
  store.record(doc);
  store.connection().query(kCells[cell], {text});
  return store;
}

// A document a reader returns is one the result file reader accepts.
void check_documents(const std::vector<SetDocument>& docs, std::string_view input) {
  const std::string text = result_file_json(docs).dump();
  fuzz::require(fuzz::read_result_text(text).has_value(), "a stored set read back is a valid result", input);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  static std::ostringstream skipped_lines;  // Store::skip names each bad set on stderr
  std::cerr.rdbuf(skipped_lines.rdbuf());
  if (size == 0) return 0;
  const std::string text(fuzz::as_text(data + 1, size - 1));
  Store store = planted_store(data[0] % std::size(kCells), text);
  const auto first = store.load({1}, "fuzz");
  fuzz::require(first.size() == 1 && first[0].set.at("label") == "6.11.0", "the valid set reads back", text);
  fuzz::require(first[0].set.dump().find("secret") == std::string::npos, "a stored argv is masked", text);
  check_documents(first, text);
  std::vector<SetDocument> docs;
  if (fuzz::accepted([&] { docs = store.load({1, 2}, "fuzz"); })) check_documents(docs, text);
  if (fuzz::accepted([&] { docs = select_sets(store, "@kernel=*", ""); })) check_documents(docs, text);
  fuzz::accepted([&] { store.find({}); });
  fuzz::accepted([&] { build_trend(store, {.workload = "spawn"}); });
  fuzz::accepted([&] { build_trend(store, {.workload = "spawn", .by = TrendBy::kTime}); });
  skipped_lines.str("");
  return 0;
}
