#pragma once
// The result store: sets recorded by run/check/suite or imported from
// result files, queried by history, trend, export and compare.  One body
// of SQL over a Connection (SQLite or PostgreSQL); see docs/store.md.
#include <cstdint>
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
};

struct Recorded {
  std::int64_t id = 0;
  bool added = false;  // false: the same set was already there (same content hash)
};

class Store {
 public:
  // Migrates the database to this build's schema (schema.h).
  explicit Store(std::unique_ptr<Connection> connection);

  // Records one set in one transaction.  Throws StoreError when the
  // database fails, std::runtime_error for a malformed set.
  Recorded record(const SetDocument& doc);

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

 private:
  std::unique_ptr<Connection> connection_;
};

}  // namespace schedlab::store
