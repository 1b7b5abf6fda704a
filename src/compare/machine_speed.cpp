#include "compare/machine_speed.h"

#include <fmt/format.h>

#include <cmath>

#include "core/descriptive.h"

namespace schedlab {
namespace {

// Per run: the primary metric per unit of machine speed.
std::vector<double> normalized(const ResultSet& set) {
  const std::string& metric = set.workload.primary_metric;
  const MetricSpec* spec = find_metric(set.metrics, metric);
  const bool higher = !spec || spec->better == Better::kHigher;
  std::vector<double> xs;
  for (const auto& run : set.runs) {
    const auto v = run.values.get(metric), speed = run.values.get("sentinel_rate");
    if (v && speed && *speed > 0) xs.push_back(higher ? *v / *speed : *v * *speed);
  }
  return xs;
}

double relative_pct(double base, double value) { return base != 0 ? (value - base) / base * 100 : 0; }

}  // namespace

std::optional<SpeedDifference> machine_speed_difference(const ResultSet& base, const ResultSet& set,
                                                        double alpha) {
  const auto a = values_of(base, "sentinel_rate"), b = values_of(set, "sentinel_rate");
  if (a.size() < 2 || b.size() < 2) return std::nullopt;
  SpeedDifference d;
  const double m = stats::mean(a);
  d.change_pct = relative_pct(m, stats::mean(b));
  const auto ci = stats::welch_difference_interval(a, b, 1 - alpha);
  d.interval_pct = {ci.low / m * 100, ci.high / m * 100};
  const auto test = stats::welch_t_test(a, b, alpha);
  d.p_value = test.p_value.value_or(1);
  d.significant = test.significant;
  const auto na = normalized(base), nb = normalized(set);
  if (na.size() >= 2 && nb.size() >= 2) {
    d.normalized_change_pct = relative_pct(stats::mean(na), stats::mean(nb));
    d.normalized_p = stats::welch_t_test(na, nb, alpha).p_value;
  }
  return d;
}

std::string describe_speed(const std::string& label, const SpeedDifference& d, const std::string& metric,
                           double raw_change_pct) {
  return fmt::format("{}: the machine ran {:.1f}% {} (sentinel, CI {:+.1f}%..{:+.1f}%); {} changed "
                     "{:+.2f}% raw, {:+.2f}% per unit of machine speed{}",
                     label, std::fabs(d.change_pct), d.change_pct < 0 ? "slower" : "faster",
                     d.interval_pct.low, d.interval_pct.high, metric, raw_change_pct,
                     d.normalized_change_pct,
                     d.normalized_p ? fmt::format(" (p={:.3f})", *d.normalized_p) : "");
}

std::optional<WorkSentinelComparison> work_sentinel_comparison(const ResultSet& base, const ResultSet& set,
                                                               double alpha) {
  WorkSentinelComparison w;
  w.tracking = stats::sentinel_tracking({&base, &set}, alpha);
  if (!w.tracking.available) return std::nullopt;
  if (!w.tracking.normalize) return w;
  const auto a = stats::primary_logs(base, true), b = stats::primary_logs(set, true);
  if (a.size() < 2 || b.size() < 2) return w;
  w.normalized_change_pct = std::expm1(stats::mean(b) - stats::mean(a)) * 100;
  w.normalized_p = stats::welch_t_test(a, b, alpha).p_value;
  return w;
}

}  // namespace schedlab
