#include "stats/set_spread.h"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>

namespace schedlab::stats {
namespace {

// The primary metric's logs in run order; empty when any value is not
// positive (a log-scale test has nothing to say about it).
std::vector<double> primary_logs(const ResultSet& set) {
  std::vector<double> xs;
  for (const auto& run : set.runs) {
    const auto v = run.values.get(set.workload.primary_metric);
    if (!v) continue;
    if (!(*v > 0)) return {};
    xs.push_back(std::log(*v));
  }
  return xs;
}

}  // namespace

std::optional<SetModes> primary_modes(const ResultSet& set) {
  const auto logs = primary_logs(set);
  SetModes m;
  m.test = two_modes_test(logs);
  if (!m.test.available || m.test.p_value >= kSpreadAlpha) return std::nullopt;
  m.low = std::exp(m.test.low_mean);
  m.high = std::exp(m.test.high_mean);
  m.gap_pct = std::expm1(m.test.high_mean - m.test.low_mean) * 100;
  m.low_share = static_cast<double>(m.test.low_n) / static_cast<double>(logs.size());
  return m;
}

std::optional<TrendTest> primary_drift(const ResultSet& set) {
  const auto t = mann_kendall(primary_logs(set));
  if (!t.available || t.p_value >= kSpreadAlpha) return std::nullopt;
  return t;
}

std::vector<Warning> spread_warnings(const ResultSet& set) {
  std::vector<Warning> out;
  const std::string& metric = set.workload.primary_metric;
  if (const auto m = primary_modes(set))
    out.push_back({"multimodal", 0,
                   fmt::format("{} has two modes: {} runs near {:.4g} and {} near {:.4g} ({:.1f}% apart; "
                               "Engelman-Hartigan p={:.4f}): the machine changed state during the set",
                               metric, m->test.low_n, m->low, m->test.high_n, m->high, m->gap_pct, m->test.p_value)});
  if (const auto d = primary_drift(set))
    out.push_back({"drift", 0,
                   fmt::format("{} drifts {} over the runs (Mann-Kendall tau {:+.2f}, p={:.4f}): the machine "
                               "changed during the set",
                               metric, d->tau > 0 ? "up" : "down", d->tau, d->p_value)});
  return out;
}

}  // namespace schedlab::stats
