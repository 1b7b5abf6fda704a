#include "store/trend.h"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <map>

#include "core/error.h"
#include "core/descriptive.h"
#include "store/kernel_version.h"

namespace schedlab::store {
namespace {

MetricSpec choose_metric(Store& store, const SetFilter& filter, const TrendQuery& q,
                         const std::vector<SetRow>& rows) {
  const auto metrics = store.latest_metrics(filter);
  if (rows.empty() || metrics.empty())
    throw UsageError("--workload", q.workload,
                     fmt::format("a workload with PASS sets in the store{}: {}",
                                 q.host.empty() ? "" : " for --host " + q.host,
                                 fmt::join(store.workloads(), ", ")));
  const std::string name = q.metric.empty() ? rows.back().primary_metric : q.metric;
  for (const auto& m : metrics)
    if (m.name == name) return m;
  std::vector<std::string> names;
  names.reserve(metrics.size());
  for (const auto& m : metrics) names.push_back(m.name);
  throw UsageError("--metric", name, fmt::format("a metric of {}: {}", q.workload, fmt::join(names, ", ")));
}

std::string point_key(const SetRow& row, TrendBy by) {
  switch (by) {
    case TrendBy::kKernel: return row.kernel;
    case TrendBy::kCommit: return row.kernel_commit.empty() ? row.kernel : row.kernel_commit;
    case TrendBy::kTime: break;
  }
  return row.started;
}

// Points in first-appearance (time) order; --by kernel re-sorts by version.
std::vector<TrendPoint> group_points(const std::vector<SetRow>& rows,
                                     const std::map<std::int64_t, std::vector<double>>& values, TrendBy by) {
  std::vector<TrendPoint> points;
  std::map<std::string, std::size_t> index;
  std::vector<std::vector<double>> set_means;
  for (const auto& row : rows) {
    const auto v = values.find(row.id);
    if (v == values.end()) continue;  // the set has no value of this metric
    const std::string key = by == TrendBy::kTime ? std::to_string(row.id) : point_key(row, by);
    auto [it, fresh] = index.emplace(key, points.size());
    if (fresh) {
      points.push_back({point_key(row, by), row.started, {}, 0, 0});
      set_means.emplace_back();
    }
    points[it->second].set_ids.push_back(row.id);
    points[it->second].runs += v->second.size();
    set_means[it->second].push_back(stats::mean(v->second));
  }
  for (std::size_t i = 0; i < points.size(); ++i) points[i].mean = stats::mean(set_means[i]);
  if (by == TrendBy::kKernel)
    std::stable_sort(points.begin(), points.end(), [](const auto& a, const auto& b) {
      return compare_kernel_releases(a.key, b.key) < 0;
    });
  return points;
}

// The specs of `rows` other than `spec`, with their sets, most sets first.
std::vector<std::pair<std::string, std::size_t>> other_specs(const std::vector<SetRow>& rows, const std::string& spec) {
  std::map<std::string, std::size_t> count;
  for (const auto& r : rows)
    if (r.spec_id != spec) ++count[r.spec_id];
  std::vector<std::pair<std::string, std::size_t>> out(count.begin(), count.end());
  std::stable_sort(out.begin(), out.end(), [](const auto& a, const auto& b) { return a.second > b.second; });
  return out;
}

}  // namespace

const char* to_string(TrendBy by) {
  switch (by) {
    case TrendBy::kTime: return "time";
    case TrendBy::kCommit: return "commit";
    case TrendBy::kKernel: break;
  }
  return "kernel";
}

Trend build_trend(Store& store, const TrendQuery& q) {
  SetFilter filter;
  filter.workload = q.workload;
  filter.host = q.host;
  filter.spec = q.spec;
  filter.pass_only = true;
  auto rows = store.find(filter);
  const std::string spec = rows.empty() ? "" : rows.back().spec_id;
  const auto others = other_specs(rows, spec);
  std::erase_if(rows, [&](const SetRow& r) { return r.spec_id != spec; });
  Trend t{q, choose_metric(store, filter, q, rows), {}, {}};
  t.spec = spec;
  t.other_specs = others;
  std::map<std::int64_t, std::vector<double>> values;
  for (const auto& [id, value] : store.metric_values(filter, t.metric.name)) values[id].push_back(value);
  t.points = group_points(rows, values, q.by);
  // A set skipped for a bad row (metrics, values) was named on stderr with
  // why; it did not measure "no value".
  for (const auto& row : rows) t.sets_without_value += values.count(row.id) == 0 && store.skipped().count(row.id) == 0;
  std::vector<double> means;
  for (const auto& p : t.points) means.push_back(p.mean);
  t.change_points = stats::e_divisive(means, q.change_points);
  return t;
}

}  // namespace schedlab::store
