#include "stats/sentinel_tracking.h"

#include <fmt/format.h>

#include <cmath>

#include "core/descriptive.h"

namespace schedlab::stats {
namespace {

bool higher_is_better(const ResultSet& set) {
  const MetricSpec* spec = find_metric(set.metrics, set.workload.primary_metric);
  return !spec || spec->better == Better::kHigher;
}

}  // namespace

std::vector<double> primary_logs(const ResultSet& set, bool normalize) {
  const bool higher = higher_is_better(set);
  std::vector<double> out;
  for (const auto& run : set.runs) {
    const auto v = run.values.get(set.workload.primary_metric);
    if (!v || !(*v > 0)) continue;
    if (!normalize) {
      out.push_back(std::log(*v));
      continue;
    }
    const auto s = run.values.get(kWorkSentinelMetric);
    if (!s || !(*s > 0)) continue;
    // A rate per unit of speed is rate / speed; a time is time x speed.
    out.push_back(higher ? std::log(*v) - std::log(*s) : std::log(*v) + std::log(*s));
  }
  return out;
}

SentinelTracking sentinel_tracking(const std::vector<const ResultSet*>& sets, double alpha) {
  SentinelTracking t;
  if (sets.empty()) return t;
  std::vector<double> metric, speed;
  for (const ResultSet* set : sets)
    for (const auto& run : set->runs) {
      const auto v = run.values.get(set->workload.primary_metric), s = run.values.get(kWorkSentinelMetric);
      if (!v || !s || !(*v > 0) || !(*s > 0)) continue;
      metric.push_back(std::log(*v));
      speed.push_back(std::log(*s));
    }
  if (metric.size() < kMinTrackingRuns) {
    t.reason = metric.empty() ? "no work_sentinel_rate in these sets (files from before it was recorded)"
                              : fmt::format("only {} runs carry the work sentinel", metric.size());
    return t;
  }
  t.available = true;
  t.correlation = pearson(metric, speed);
  t.tracking_r = higher_is_better(*sets.front()) ? t.correlation.r : -t.correlation.r;
  const double sd_metric = sample_stddev(metric), sd_speed = sample_stddev(speed);
  t.required_r = sd_metric > 0 ? sd_speed / (2 * sd_metric) : INFINITY;
  if (t.tracking_r <= 0 || t.correlation.p_value >= alpha)
    t.reason = "it does not track the metric here: raw values used";
  else if (t.tracking_r <= t.required_r)
    t.reason = fmt::format("it tracks too loosely to help (needs r > {:.2f}): raw values used", t.required_r);
  else {
    t.normalize = true;
    t.reason = "it tracks the metric: values per unit of machine speed used";
  }
  return t;
}

std::string describe_tracking(const SentinelTracking& t) {
  if (!t.available) return "work sentinel: " + t.reason;
  return fmt::format("work sentinel: r={:+.2f} with the metric (p={:.4f}, {} runs); {}", t.tracking_r,
                     t.correlation.p_value, t.correlation.n, t.reason);
}

}  // namespace schedlab::stats
