#include "compare/underneath.h"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <set>

#include "compare/comparison.h"
#include "probes/probe.h"
#include "core/descriptive.h"
#include "stats/multiple_testing.h"

namespace schedlab {
namespace {

// Every metric a probe of `probes` can record, per-loop variants included.
std::set<std::string> probe_metric_names(const ProbeList& probes) {
  std::set<std::string> names;
  for (const auto& p : probes)
    for (const auto& m : p->info().metrics) names.insert(m.name);
  return names;
}

// The metrics to look at: the per-loop form of a count when the set has it.
std::vector<const MetricSpec*> candidates(const ResultSet& base, const std::vector<std::string>& headline,
                                          const ProbeList& probes) {
  const std::set<std::string> probe_metrics = probe_metric_names(probes);
  std::vector<const MetricSpec*> out;
  for (const auto& m : base.metrics) {
    if (!probe_metrics.count(m.name)) continue;
    if (std::find(headline.begin(), headline.end(), m.name) != headline.end()) continue;
    if (find_metric(base.metrics, m.name + "_per_loop")) continue;
    out.push_back(&m);
  }
  return out;
}

std::string shown_name(const std::string& metric, const std::string& workload) {
  const std::string suffix = "_per_loop";
  if (metric.size() <= suffix.size() || metric.compare(metric.size() - suffix.size(), suffix.size(), suffix) != 0)
    return metric;
  return metric.substr(0, metric.size() - suffix.size()) + (workload == "wakeup" ? "/request" : "/loop");
}

}  // namespace

std::string q_text(double q) { return q < 0.001 ? "q < 0.001" : fmt::format("q = {:.3f}", q); }

namespace {

// One side metric of one set against the baseline, when its test can run.
std::optional<UnderneathChange> tested(const ResultSet& base, const ResultSet& set, size_t index, const MetricSpec& m,
                                       stats::TestKind test, double alpha) {
  const auto a = values_of(base, m.name), b = values_of(set, m.name);
  if (a.size() < 2 || b.size() < 2) return std::nullopt;
  try {
    const auto t = stats::run_test(test, a, b, alpha);
    if (!t.available || !t.p_value) return std::nullopt;
    UnderneathChange c{index, m.name, shown_name(m.name, base.workload.name), m.unit};
    c.base_mean = stats::mean(a);
    c.mean = stats::mean(b);
    c.change_pct = c.base_mean != 0 ? (c.mean - c.base_mean) / std::fabs(c.base_mean) * 100 : 0;
    c.p_value = *t.p_value;
    c.effect_size = stats::hedges_g(a, b);
    if (!std::isfinite(c.effect_size) || !std::isfinite(c.p_value)) return std::nullopt;
    return c;
  } catch (const std::exception&) {  // Boost.Math domain errors on degenerate input: no test
    return std::nullopt;
  }
}

}  // namespace

Underneath what_changed_underneath(const std::vector<ResultSet>& sets, const std::vector<std::string>& headline,
                                   const ProbeList& probes, stats::TestKind test, double alpha) {
  Underneath u;
  u.test = test == stats::TestKind::kMannWhitney ? test : stats::TestKind::kWelch;
  if (sets.size() < 2 || sets.front().status != Status::kPass) return u;
  const ResultSet& base = sets.front();
  std::vector<UnderneathChange> family;
  for (const MetricSpec* m : candidates(base, headline, probes))
    for (size_t i = 1; i < sets.size(); ++i)
      if (sets[i].status == Status::kPass)
        if (auto c = tested(base, sets[i], i, *m, u.test, alpha)) family.push_back(std::move(*c));
  u.tests = family.size();
  std::vector<double> p;
  p.reserve(family.size());
  for (const auto& c : family) p.push_back(c.p_value);
  const auto q = stats::benjamini_hochberg(p);
  for (size_t k = 0; k < family.size(); ++k)
    if (q[k] <= alpha) {
      family[k].q_value = q[k];
      u.changes.push_back(std::move(family[k]));
    }
  std::stable_sort(u.changes.begin(), u.changes.end(), [](const auto& x, const auto& y) {
    return x.set != y.set ? x.set < y.set : std::fabs(x.effect_size) > std::fabs(y.effect_size);
  });
  return u;
}

}  // namespace schedlab
