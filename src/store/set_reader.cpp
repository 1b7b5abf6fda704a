// Store queries: history's rows, export's documents, trend's values.  Every
// cell goes through row_reader.h; a set with a bad one is skipped and
// named (Store::skip), and a query left with nothing is bad input.
#include <fmt/format.h>
#include <fmt/ranges.h>

#include <climits>
#include <iostream>
#include <mutex>
#include <set>

#include "core/error.h"
#include "store/row_reader.h"
#include "store/set_filter.h"
#include "store/store.h"

namespace schedlab::store {
namespace {

int count_cell(const SqlValue& v, const char* column) {
  const std::int64_t n = int_cell(v, column);
  if (n < 0 || n > INT_MAX) throw BadRow(fmt::format("{}: {} is not a count", column, n));
  return static_cast<int>(n);
}

SetRow set_row(const SqlRow& r, const WorkloadRegistry& workloads) {
  SetRow s;
  s.id = int_cell(r[0], "id");
  s.started = text_cell(r[1], "started");
  s.host = text_cell(r[2], "host");
  s.kernel = text_cell(r[3], "kernel");
  s.kernel_commit = text_cell(r[4], "kernel_commit");
  s.workload = text_cell(r[5], "workload");
  s.label = text_cell(r[6], "label");
  s.status = text_cell(r[7], "status");
  s.error = text_cell(r[8], "error");
  s.primary_metric = text_cell(r[9], "primary_metric");
  s.primary_unit = text_cell(r[10], "primary_unit");
  s.primary_better = text_cell(r[11], "primary_better");
  s.primary_mean = number_cell(r[12], "primary_mean");
  s.primary_ci95 = number_cell(r[13], "primary_ci95");
  s.runs = count_cell(r[14], "runs");
  s.warnings = count_cell(r[15], "warnings");
  s.spec_id = checked_spec_id(text_cell(r[16], "spec_id"), r[17], r[18], workloads);
  return s;
}

MetricSpec metric_row(const SqlRow& r) {
  MetricSpec m{text_cell(r[1], "metrics.name"), text_cell(r[2], "metrics.unit"), Better::kHigher,
               text_cell(r[4], "metrics.description")};
  try {
    m.better = parse_better(text_cell(r[3], "metrics.better"));
  } catch (const std::invalid_argument&) {
    throw BadRow("metrics.better: neither \"higher\" nor \"lower\"");
  }
  return m;
}

}  // namespace

// Named once per process: `report` reads the same store twice (its sets,
// then the trend).
void Store::skip(std::int64_t id, const std::string& why) {
  skipped_.emplace(id, why);
  static std::mutex mutex;
  static std::set<std::pair<std::string, std::int64_t>> said;
  const std::lock_guard lock(mutex);
  if (said.emplace(connection_->where(), id).second)
    std::cerr << fmt::format("schedlab: store '{}': set {} skipped: {}\n", connection_->where(), id, why);
}

std::string Store::nothing_left(const std::vector<std::int64_t>& bad) const {
  return fmt::format("no valid set left in the store '{}' (set{} {} skipped: see above)", connection_->where(),
                     bad.size() == 1 ? "" : "s", fmt::join(bad, ", "));
}

std::vector<SetRow> Store::find(const SetFilter& filter) {
  const Where w = where_of(filter);
  const auto rows = connection_->query(
      "SELECT s.id, s.started, s.host, s.kernel, s.kernel_commit, s.workload, s.label, s.status, "
      "s.error, s.primary_metric, s.primary_unit, s.primary_better, s.primary_mean, s.primary_ci95, "
      "s.runs, s.warnings, s.spec_id, s.created, s.set_json FROM sets s" + w.sql + " ORDER BY s.started_epoch, s.id",
      w.params);
  std::vector<SetRow> out;
  std::vector<std::int64_t> bad;
  out.reserve(rows.size());
  for (const auto& r : rows) {
    try {
      out.push_back(set_row(r, registry_));
    } catch (const BadRow& e) {
      bad.push_back(as_int(r[0]));
      skip(bad.back(), e.what());
    }
  }
  if (out.empty() && !bad.empty()) throw UsageError(nothing_left(bad));
  return out;
}

std::vector<SetDocument> Store::load(const std::vector<std::int64_t>& ids, const std::string& what) {
  std::vector<SetDocument> docs;
  std::vector<std::int64_t> bad;
  for (const std::int64_t id : ids) {
    const auto rows = connection_->query("SELECT created, set_json FROM sets WHERE id = ?", {id});
    if (rows.empty())
      throw UsageError(fmt::format("{}: no set {} in the store '{}' (see 'schedlab history')", what, id,
                                   connection_->where()));
    try {
      docs.push_back(document_cells(rows[0][0], rows[0][1]));
    } catch (const BadRow& e) {
      bad.push_back(id);
      skip(id, e.what());
    }
  }
  if (docs.empty() && !bad.empty()) throw UsageError(what + ": " + nothing_left(bad));
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
  std::vector<std::pair<std::int64_t, double>> values;
  std::set<std::int64_t> bad;
  for (const auto& r : rows) {
    const std::int64_t id = as_int(r[0]);
    try {
      if (auto v = number_cell(r[1], "run_values.value")) values.emplace_back(id, *v);
    } catch (const BadRow& e) {
      bad.insert(id);
      skip(id, e.what());
    }
  }
  std::erase_if(values, [&](const auto& v) { return bad.count(v.first) > 0 || skipped_.count(v.first) > 0; });
  if (values.empty() && !bad.empty()) throw UsageError(nothing_left({bad.begin(), bad.end()}));
  return values;
}

std::vector<std::string> Store::workloads() {
  std::vector<std::string> out;
  for (const auto& r : connection_->query("SELECT DISTINCT workload FROM sets ORDER BY workload")) {
    try {
      out.push_back(text_cell(r[0], "workload"));
    } catch (const BadRow&) {
      // Only for a message: a bad name is left out (its set is skipped where it is read).
    }
  }
  return out;
}

// The newest matching set whose metrics all read; a bad one is skipped
// and the next newest tried.
std::vector<MetricSpec> Store::latest_metrics(const SetFilter& filter) {
  Where w = where_of(filter);
  std::int64_t below = INT64_MAX;
  w.add("s.id < ?", below);
  for (;;) {
    w.params.back() = below;
    const auto rows = connection_->query(
        "SELECT set_id, name, unit, better, description FROM metrics WHERE set_id = (SELECT MAX(s.id) FROM "
        "sets s" + w.sql + ") ORDER BY name",
        w.params);
    if (rows.empty()) return {};
    std::vector<MetricSpec> out;
    try {
      for (const auto& r : rows) out.push_back(metric_row(r));
      return out;
    } catch (const BadRow& e) {
      below = as_int(rows[0][0]);
      skip(below, e.what());
    }
  }
}

}  // namespace schedlab::store
