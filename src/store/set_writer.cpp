// Store::record: a set's row, its metrics, runs, values and warnings, in
// one transaction.  The content hash is UNIQUE, so a set recorded twice
// (import after run, two machines importing one file at once) is one row.
#include <fmt/format.h>

#include "store/schema.h"
#include "store/store.h"

namespace schedlab::store {
namespace {

SqlValue opt(const std::optional<double>& v) { return v ? SqlValue(*v) : SqlValue(nullptr); }
SqlValue opt(const std::optional<int>& v) { return v ? SqlValue(std::int64_t{*v}) : SqlValue(nullptr); }
SqlValue opt(const std::optional<std::string>& v) { return v ? SqlValue(*v) : SqlValue(nullptr); }
SqlValue opt_text(const std::string& v) { return v.empty() ? SqlValue(nullptr) : SqlValue(v); }

std::vector<SqlRow> insert_set_row(Connection& c, const SetColumns& s, const std::string& json) {
  return c.query(
      "INSERT INTO sets (content_hash, created, recorded, started, started_epoch, host, kernel, "
      "kernel_commit, workload, label, status, error, primary_metric, primary_unit, primary_better, "
      "primary_mean, primary_stddev, primary_ci95, runs, warnings, tool_version, tool_git, argv, "
      "spec_id, set_json) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) "
      "ON CONFLICT (content_hash) DO NOTHING RETURNING id",
      {s.content_hash, s.created, utc_now_iso8601(), s.started, opt(s.started_epoch), s.host, s.kernel,
       opt_text(s.kernel_commit), s.workload, s.label, s.status, opt_text(s.error), s.primary_metric,
       s.primary_unit, s.primary_better, opt(s.primary_mean), opt(s.primary_stddev), opt(s.primary_ci95),
       std::int64_t{s.runs}, static_cast<std::int64_t>(s.warnings.size()), s.tool_version, s.tool_git,
       opt(s.argv), s.spec_id, json});
}

void insert_metrics(Connection& c, std::int64_t id, const SetColumns& s) {
  for (const auto& m : s.metrics)
    c.query("INSERT INTO metrics (set_id, name, unit, better, description) VALUES (?, ?, ?, ?, ?)",
            {id, m.name, m.unit, std::string(to_string(m.better)), m.description});
}

// One statement per run for all its values: a round trip per run, not per
// value, matters on a remote PostgreSQL.
void insert_values(Connection& c, std::int64_t id, const RunColumns& r) {
  if (r.values.empty()) return;
  std::string sql = "INSERT INTO run_values (set_id, run_index, metric, value) VALUES ";
  std::vector<SqlValue> params;
  for (const auto& [metric, value] : r.values) {
    sql += params.empty() ? "(?, ?, ?, ?)" : ", (?, ?, ?, ?)";
    params.insert(params.end(), {id, std::int64_t{r.index}, metric, value});
  }
  c.query(sql, params);
}

void insert_runs(Connection& c, std::int64_t id, const SetColumns& s) {
  for (const auto& r : s.run_rows) {
    c.query("INSERT INTO runs (set_id, run_index, sequence, block, started, started_epoch, window_s, "
            "foreign_cpu_pct, loadavg_1m) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
            {id, std::int64_t{r.index}, opt(r.sequence), opt(r.block), r.started, opt(r.started_epoch),
             opt(r.window_s), opt(r.foreign_cpu_pct), opt(r.loadavg_1m)});
    insert_values(c, id, r);
  }
}

void insert_warnings(Connection& c, std::int64_t id, const SetColumns& s) {
  for (size_t i = 0; i < s.warnings.size(); ++i)
    c.query("INSERT INTO set_warnings (set_id, position, text) VALUES (?, ?, ?)",
            {id, static_cast<std::int64_t>(i), s.warnings[i]});
}

}  // namespace

Store::Store(std::unique_ptr<Connection> connection, const WorkloadRegistry& workloads)
    : connection_(std::move(connection)), registry_(workloads) {
  if (connection_->access() == Access::kWrite) migrate(*connection_, registry_);
  else check_schema(*connection_);
}

Recorded Store::record(const SetDocument& original) {
  SetDocument doc = original;
  mask_recorded_argv(doc.set);  // an imported file may predate masking: the hash is of the masked set
  const SetColumns columns = extract_columns(doc, registry_);
  Connection& c = *connection_;
  Transaction t(c);
  const auto inserted = insert_set_row(c, columns, doc.set.dump());
  if (inserted.empty()) {
    const auto existing = c.query("SELECT id FROM sets WHERE content_hash = ?", {columns.content_hash});
    t.commit();
    return {as_int(existing.at(0).at(0)), false};
  }
  const std::int64_t id = as_int(inserted.at(0).at(0));
  insert_metrics(c, id, columns);
  insert_runs(c, id, columns);
  insert_warnings(c, id, columns);
  t.commit();
  return {id, true};
}

}  // namespace schedlab::store
