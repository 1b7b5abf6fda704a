#pragma once
// The result store: sets recorded by run/check/suite or imported from
// result files, queried by history, trend, export and compare.  One body
// of SQL over a Connection (SQLite or PostgreSQL); see docs/store.md.
#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "store/connection.h"
#include "store/set_document.h"

namespace schedlab::store {

// Which sets a query means.  Text fields are empty for "any"; host, kernel
// and label take shell wildcards (* and ?), matched case-sensitively.
struct SetFilter {
  std::optional<std::int64_t> id;
  std::string workload, kernel, host, label;
  std::string spec;                   // a spec id, or its first digits as history shows them
  std::optional<double> since_epoch;  // sets that started at or after
  bool pass_only = false;             // trend: only complete, successful sets
};

// A set as history lists it.
struct SetRow {
  std::int64_t id = 0;
  std::string started, host, kernel, kernel_commit, workload, label, status, error;
  std::string primary_metric, primary_unit, primary_better;
  std::optional<double> primary_mean, primary_ci95;
  int runs = 0, warnings = 0;
  std::string spec_id;  // 12 hex digits, recomputed from the set's JSON (row_reader.h, checked_spec_id)
};

struct Recorded {
  std::int64_t id = 0;
  bool added = false;  // false: the same set was already there (same content hash)
};

// Every reader below checks each row it reads (row_reader.h): a set with a
// bad row is skipped, named once on stderr ("store '...': set 7 skipped:
// set_json: nested deeper than 256 levels"), and a query that finds only
// bad sets throws UsageError saying so.
class Store {
 public:
  // A kWrite connection is migrated to this build's schema; a kRead one
  // never is: its schema must be this build's (schema.h, check_schema).
  // Spec ids are computed with `workloads` (written, checked on reading,
  // backfilled on upgrade), which must outlive the store.
  Store(std::unique_ptr<Connection> connection, const WorkloadRegistry& workloads);

  // Records one set in one transaction.  Throws StoreError when the
  // database fails, std::runtime_error for a malformed set.
  Recorded record(const SetDocument& original);

  // Matching sets, oldest first (by start time, then id).
  std::vector<SetRow> find(const SetFilter& filter);
  // The stored documents of `ids`, in that order; UsageError naming `what`
  // for an id the store does not have.
  std::vector<SetDocument> load(const std::vector<std::int64_t>& ids, const std::string& what);
  // Every value of `metric` in the matching sets: {set id, value}, by set
  // id then run index.
  std::vector<std::pair<std::int64_t, double>> metric_values(const SetFilter& filter,
                                                             const std::string& metric);

  // The distinct workloads recorded, sorted (for messages).
  std::vector<std::string> workloads();
  // The metrics declared by the newest matching set; empty when none match.
  std::vector<MetricSpec> latest_metrics(const SetFilter& filter);

  Connection& connection() { return *connection_; }
  // The sets the readers skipped so far, and why.
  const std::map<std::int64_t, std::string>& skipped() const { return skipped_; }

 private:
  void skip(std::int64_t id, const std::string& why);
  std::string nothing_left(const std::vector<std::int64_t>& bad) const;

  std::unique_ptr<Connection> connection_;
  const WorkloadRegistry& registry_;
  std::map<std::int64_t, std::string> skipped_;
};

}  // namespace schedlab::store
