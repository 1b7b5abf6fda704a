#include "compare/underneath.h"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <set>

#include "probes/probe.h"
#include "core/descriptive.h"

namespace schedlab {
namespace {

// Every metric a probe can record, per-loop variants included.
const std::set<std::string>& probe_metric_names() {
  static const std::set<std::string> kNames = [] {
    std::set<std::string> names;
    for (const auto& p : builtin_probes())
      for (const auto& m : p->info().metrics) names.insert(m.name);
    return names;
  }();
  return kNames;
}

std::vector<double> values_of(const ResultSet& set, const std::string& metric) {
  std::vector<double> xs;
  for (const auto& run : set.runs)
    if (auto v = run.values.get(metric)) xs.push_back(*v);
  return xs;
}

// The metrics to look at: the per-loop form of a count when the set has it.
std::vector<const MetricSpec*> candidates(const ResultSet& base, const std::vector<std::string>& headline) {
  std::vector<const MetricSpec*> out;
  for (const auto& m : base.metrics) {
    if (!probe_metric_names().count(m.name)) continue;
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

std::string p_text(std::optional<double> p) {
  if (!p) return "overlap";
  return *p < 0.001 ? "p < 0.001" : fmt::format("p = {:.3f}", *p);
}

std::vector<UnderneathChange> what_changed_underneath(const std::vector<ResultSet>& sets,
                                                      const std::vector<std::string>& headline,
                                                      stats::TestKind test, double alpha) {
  std::vector<UnderneathChange> out;
  if (sets.size() < 2 || sets.front().status != Status::kPass) return out;
  const ResultSet& base = sets.front();
  for (const MetricSpec* m : candidates(base, headline)) {
    const auto a = values_of(base, m->name);
    for (size_t i = 1; i < sets.size(); ++i) {
      if (sets[i].status != Status::kPass) continue;
      const auto b = values_of(sets[i], m->name);
      if (a.size() < 2 || b.size() < 2) continue;
      try {
        const auto t = stats::run_test(test, a, b, alpha);
        if (!t.available || !t.significant) continue;
        UnderneathChange c{i, m->name, shown_name(m->name, base.workload.name), m->unit};
        c.base_mean = stats::mean(a);
        c.mean = stats::mean(b);
        c.change_pct = c.base_mean != 0 ? (c.mean - c.base_mean) / std::fabs(c.base_mean) * 100 : 0;
        c.p_value = t.p_value;
        c.effect_size = stats::hedges_g(a, b);
        if (std::isfinite(c.effect_size)) out.push_back(std::move(c));
      } catch (const std::exception&) {  // Boost.Math domain errors on degenerate input: no test
      }
    }
  }
  std::stable_sort(out.begin(), out.end(), [](const auto& x, const auto& y) {
    return x.set != y.set ? x.set < y.set : std::fabs(x.effect_size) > std::fabs(y.effect_size);
  });
  return out;
}

}  // namespace schedlab
