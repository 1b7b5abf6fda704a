#include "compare/between_sittings.h"

#include <fmt/format.h>

#include <cmath>

#include "compare/comparison.h"
#include "core/descriptive.h"
#include "stats/power.h"

namespace schedlab {
namespace {

std::string host_of(const ResultSet& set) {
  const auto& env = set.environment;
  if (!env.is_object() || !env.contains("system") || !env["system"].is_object()) return "";
  const auto& h = env["system"].value("hostname", ordered_json());
  return h.is_string() ? h.get<std::string>() : "";
}

// Each past sitting's values of `metric`, its sets pooled.
std::vector<std::vector<double>> sitting_values(const SittingHistory& h, const std::string& metric) {
  std::vector<std::vector<double>> out;
  for (const auto& sitting : h.sittings) {
    std::vector<double> xs;
    for (const auto& set : sitting)
      for (double x : values_of(set, metric)) xs.push_back(x);
    out.push_back(std::move(xs));
  }
  return out;
}

// The cell's test, interval and detectable change with the between term.
void widen(Cell& cell, const Cell& base, const stats::VarianceComponents& vc, const CompareOptions& o) {
  const auto t = stats::between_sitting_test(base.values, cell.values, vc, o.alpha);
  stats::TestResult r;
  r.available = true;
  r.statistic = t.se > 0 ? t.delta / t.se : 0;
  r.df = t.df;
  r.p_value = t.p_value;
  r.significant = t.significant;
  cell.test = r;
  cell.interval_method = "welch+between-sittings";
  const double m = base.summary.mean;
  if (m != 0) cell.change_interval_pct = stats::Interval{t.interval.low / m * 100, t.interval.high / m * 100};
  if (t.df > 0 && t.se > 0) {
    cell.mde = stats::detectable_noncentrality(t.df, o.alpha, o.power) * t.se;
    if (m != 0) cell.mde_pct = *cell.mde / std::fabs(m) * 100;
  }
}

void note_use(Comparison& c, std::size_t i) {
  const BetweenSittingUse& u = *c.between[i];
  const std::string& label = c.sets[i].label;
  const std::string metric = c.sets.front().workload.primary_metric;
  if (!u.applied) return;
  c.notes.push_back(
      {note_rank::kDrift,
       fmt::format("{}: tested with between-sitting spread (\u00b1{:.1f}%, {} past sittings)", label,
                   u.primary_between_pct, u.sittings),
       fmt::format("{}: the sets are two sittings, so the test counts the runs' spread and this spec's "
                   "between-sitting spread on host {}: {} varies \u00b1{:.1f}% between sittings, estimated from {} "
                   "past sittings in the store (variance components, Kalibera & Jones 2013){}",
                   label, host_of(c.sets.front()), metric, u.primary_between_pct, u.sittings,
                   u.welch_p ? fmt::format("; within-set spread alone (Welch) gave p={:.4f}", *u.welch_p) : "")});
}

// Why the model cannot be used for set i, or "" when it can.
std::string why_not(const Comparison& c, std::size_t i) {
  if (!c.options.history) return "no history read";
  if (c.options.history->sittings.empty())
    return c.options.history->problem.empty() ? "no past sittings of this spec on this host" : c.options.history->problem;
  if (host_of(c.sets[i]) != c.options.history->host) return "measured on another host than the baseline";
  return "";
}

}  // namespace

void apply_between_sittings(Comparison& c) {
  c.between.assign(c.sets.size(), std::nullopt);
  if (c.options.paired || c.options.test_given || c.sets.size() < 2) return;
  std::size_t applied = 0;
  for (auto& m : c.metrics) {
    const auto vc = c.options.history ? stats::estimate_variance_components(sitting_values(*c.options.history, m.spec.name))
                              : std::nullopt;
    const bool primary = m.spec.name == c.sets.front().workload.primary_metric;
    for (std::size_t i = 1; i < m.cells.size(); ++i) {
      if (!m.cells[i] || !m.cells[0] || c.sets[i].status != Status::kPass) continue;
      auto& use = c.between[i];
      if (!use) use = BetweenSittingUse{};
      std::string why = why_not(c, i);
      if (why.empty() && !vc)
        why = fmt::format("{} past sittings of this spec on this host; the model needs {}",
                          c.options.history->sittings.size(), stats::kMinSittings);
      if (!why.empty()) {
        if (primary) use->why_not = why;
        continue;
      }
      if (primary) {
        use->applied = true;
        use->sittings = vc->sittings;
        use->welch_p = m.cells[i]->test ? m.cells[i]->test->p_value : std::nullopt;
        const double mean = m.cells[0]->summary.mean;
        use->primary_between_pct = mean != 0 ? std::sqrt(vc->between) / std::fabs(mean) * 100 : 0;
        ++applied;
      }
      widen(*m.cells[i], *m.cells[0], *vc, c.options);
    }
  }
  for (std::size_t i = 1; i < c.sets.size(); ++i)
    if (c.between[i]) note_use(c, i);
  if (applied > 0)
    c.options.design += fmt::format("; between-sitting spread from {} past sittings added",
                                    c.between[1] && c.between[1]->applied ? c.between[1]->sittings : 0);
}

}  // namespace schedlab
