// Store queries: history's rows, export's documents, trend's values.
#include <fmt/format.h>

#include "core/error.h"
#include "store/store.h"

namespace schedlab::store {
namespace {

struct Where {
  std::string sql;  // " WHERE ..." or ""
  std::vector<SqlValue> params;

  void add(const std::string& clause, SqlValue value) {
    sql += (sql.empty() ? " WHERE " : " AND ") + clause;
    params.push_back(std::move(value));
  }
};

// A shell pattern as LIKE's: * -> %, ? -> _, LIKE's own % and _ escaped.
std::string like_pattern(const std::string& glob) {
  std::string out;
  for (char c : glob) {
    if (c == '*') out += '%';
    else if (c == '?') out += '_';
    else if (c == '%' || c == '_' || c == '\\') out += std::string("\\") + c;
    else out += c;
  }
  return out;
}

void add_text(Where& w, const std::string& column, const std::string& value) {
  if (value.empty()) return;
  if (value.find_first_of("*?") == std::string::npos) w.add(column + " = ?", value);
  else w.add(column + " LIKE ? ESCAPE '\\'", like_pattern(value));
}

Where where_of(const SetFilter& f) {
  Where w;
  if (f.id) w.add("s.id = ?", *f.id);
  if (!f.workload.empty()) w.add("s.workload = ?", f.workload);
  add_text(w, "s.kernel", f.kernel);
  add_text(w, "s.host", f.host);
  add_text(w, "s.label", f.label);
  if (f.since_epoch) w.add("s.started_epoch >= ?", *f.since_epoch);
  if (f.pass_only) w.add("s.status = ?", std::string("PASS"));
  return w;
}

SetRow set_row(const SqlRow& r) {
  SetRow s;
  s.id = as_int(r[0]);
  s.started = as_text(r[1]);
  s.host = as_text(r[2]);
  s.kernel = as_text(r[3]);
  s.kernel_commit = as_text(r[4]);
  s.workload = as_text(r[5]);
  s.label = as_text(r[6]);
  s.status = as_text(r[7]);
  s.error = as_text(r[8]);
  s.primary_metric = as_text(r[9]);
  s.primary_unit = as_text(r[10]);
  s.primary_better = as_text(r[11]);
  s.primary_mean = as_optional_double(r[12]);
  s.primary_ci95 = as_optional_double(r[13]);
  s.runs = static_cast<int>(as_int(r[14]));
  s.warnings = static_cast<int>(as_int(r[15]));
  return s;
}

}  // namespace

std::vector<SetRow> Store::find(const SetFilter& filter) {
  const Where w = where_of(filter);
  const auto rows = connection_->query(
      "SELECT s.id, s.started, s.host, s.kernel, s.kernel_commit, s.workload, s.label, s.status, "
      "s.error, s.primary_metric, s.primary_unit, s.primary_better, s.primary_mean, s.primary_ci95, "
      "s.runs, s.warnings FROM sets s" + w.sql + " ORDER BY s.started_epoch, s.id",
      w.params);
  std::vector<SetRow> out;
  out.reserve(rows.size());
  for (const auto& r : rows) out.push_back(set_row(r));
  return out;
}

std::vector<SetDocument> Store::load(const std::vector<std::int64_t>& ids, const std::string& what) {
  std::vector<SetDocument> docs;
  for (const std::int64_t id : ids) {
    const auto rows = connection_->query("SELECT created, set_json FROM sets WHERE id = ?", {id});
    if (rows.empty())
      throw UsageError(fmt::format("{}: no set {} in the store '{}' (see 'schedlab history')", what, id,
                                   connection_->where()));
    docs.push_back({ordered_json::parse(as_text(rows[0][1])), as_text(rows[0][0])});
  }
  return docs;
}

std::vector<std::pair<std::int64_t, double>> Store::metric_values(const SetFilter& filter,
                                                                  const std::string& metric) {
  Where w = where_of(filter);
  w.add("v.metric = ?", metric);
  const auto rows = connection_->query(
      "SELECT v.set_id, v.value FROM run_values v JOIN sets s ON s.id = v.set_id" + w.sql +
          " ORDER BY v.set_id, v.run_index",
      w.params);
  std::vector<std::pair<std::int64_t, double>> out;
  out.reserve(rows.size());
  for (const auto& r : rows)
    if (auto v = as_optional_double(r[1])) out.emplace_back(as_int(r[0]), *v);
  return out;
}

}  // namespace schedlab::store

namespace schedlab::store {

std::vector<std::string> Store::workloads() {
  std::vector<std::string> out;
  for (const auto& r : connection_->query("SELECT DISTINCT workload FROM sets ORDER BY workload"))
    out.push_back(as_text(r[0]));
  return out;
}

std::vector<MetricSpec> Store::latest_metrics(const SetFilter& filter) {
  const Where w = where_of(filter);
  const auto rows = connection_->query(
      "SELECT name, unit, better, description FROM metrics WHERE set_id = (SELECT MAX(s.id) FROM sets s" +
          w.sql + ") ORDER BY name",
      w.params);
  std::vector<MetricSpec> out;
  for (const auto& r : rows)
    out.push_back({as_text(r[0]), as_text(r[1]), parse_better(as_text(r[2])), as_text(r[3])});
  return out;
}

}  // namespace schedlab::store
