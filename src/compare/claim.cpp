#include "compare/claim.h"

#include <fmt/format.h>

#include <cmath>

#include "compare/comparison.h"
#include "stats/power.h"

namespace schedlab {
namespace {

constexpr double kPower = 0.8;

// The set whose --vary assignment holds every pair of `side`.
const ResultSet* find_side(const std::vector<ResultSet>& sets,
                           const std::vector<std::pair<std::string, std::string>>& side) {
  for (const auto& set : sets) {
    const auto vary = set.scenario.requested.value("vary", ordered_json::object());
    bool all = vary.is_object();
    for (const auto& [key, value] : side)
      all = all && vary.contains(key) && vary.at(key).is_string() && vary.at(key).get<std::string>() == value;
    if (all && set.status == Status::kPass) return &set;
  }
  return nullptr;
}

bool constant(const Cell& c) { return c.summary.n >= 2 && c.summary.stddev == 0; }

ClaimAnswer verdict_of(const Claim& claim, const Cell& cell, const ResultSet& base, const ResultSet& changed,
                       double alpha) {
  ClaimAnswer a;
  a.change_pct = cell.relative_pct;
  a.interval_pct = cell.change_interval_pct;
  a.mde_pct = cell.mde_pct;
  a.test = cell.interval_method;
  if (!a.interval_pct) {
    a.verdict = ClaimVerdict::kCannotTell;
    a.why = cell.test ? cell.test->why_not : "no test";
    return a;
  }
  const auto [lo, hi] = *a.interval_pct;
  if (!claim.reported_pct) {
    a.verdict = ClaimVerdict::kMeasured;
    a.why = lo > 0 || hi < 0 ? "the interval excludes no change" : "the interval includes no change";
    return a;
  }
  const double r = *claim.reported_pct;
  if ((r < 0 && hi < 0) || (r > 0 && lo > 0)) {
    a.verdict = ClaimVerdict::kReproduced;
    a.why = r >= lo && r <= hi ? "the report's size is inside the interval"
                               : fmt::format("{} than reported", std::fabs(a.change_pct) < std::fabs(r) ? "smaller" : "larger");
    return a;
  }
  if (r < lo || r > hi) {
    a.verdict = ClaimVerdict::kNotReproduced;
    a.why = fmt::format("the interval excludes the report's {:+.0f}%; could have detected {}", r,
                        a.mde_pct ? fmt::format("\u2265 {:.1f}%", *a.mde_pct) : "-");
    return a;
  }
  a.verdict = ClaimVerdict::kCannotTell;
  if (auto cv = paired_cv(base, changed, claim.metric))
    a.blocks_needed = stats::pairs_needed(*cv, std::fabs(r) / 100, alpha, kPower);
  a.why = a.blocks_needed > 0 ? fmt::format("the interval holds both no change and the report's {:+.0f}%; about "
                                            "{} interleaved blocks would tell",
                                            r, a.blocks_needed)
                              : fmt::format("the interval holds both no change and the report's {:+.0f}%", r);
  return a;
}

}  // namespace

ClaimAnswer judge_claim(const Claim& claim, const std::vector<ResultSet>& sets, const Registries& registries,
                        double alpha) {
  const ResultSet* base = find_side(sets, claim.base);
  const ResultSet* changed = find_side(sets, claim.changed);
  if (!base || !changed) return {ClaimVerdict::kNoData, 0, {}, {}, 0, "", "no PASS set for one side"};
  CompareOptions o;
  o.metrics = {claim.metric};
  o.alpha = alpha;
  const Comparison c = build_comparison({*base, *changed}, o, registries);
  const auto& cells = c.metrics.front().cells;
  if (!cells[0] || !cells[1]) return {ClaimVerdict::kNoData, 0, {}, {}, 0, "", claim.metric + " was not recorded"};
  if (constant(*cells[0]) || constant(*cells[1]))
    return {ClaimVerdict::kMeasurementProblem, 0, {}, {}, 0, "",
            fmt::format("every run of one side gave the same {}: a measurement too coarse to compare, not "
                        "precision (use a longer --duration)",
                        claim.metric)};
  ClaimAnswer a = verdict_of(claim, *cells[1], *base, *changed, alpha);
  if (claim.between_kernels && a.verdict != ClaimVerdict::kMeasurementProblem) {
    a.verdict = ClaimVerdict::kMeasured;
    a.why = "the report compares two kernels; this is the mechanism on one (suite lkml --kernels GOOD,BAD)";
  }
  return a;
}

std::vector<ResultSet> in_claim_order(const Claim& claim, std::vector<ResultSet> sets) {
  std::vector<ResultSet> ordered;
  for (const auto* side : {&claim.base, &claim.changed})
    if (const ResultSet* found = find_side(sets, *side)) {
      ordered.push_back(std::move(sets[static_cast<std::size_t>(found - sets.data())]));
      sets.erase(sets.begin() + (found - sets.data()));
    }
  for (auto& set : sets) ordered.push_back(std::move(set));
  return ordered;
}

std::string to_string(ClaimVerdict v) {
  switch (v) {
    case ClaimVerdict::kReproduced: return "reproduced";
    case ClaimVerdict::kNotReproduced: return "not reproduced here";
    case ClaimVerdict::kCannotTell: return "cannot tell";
    case ClaimVerdict::kMeasured: return "measured";
    case ClaimVerdict::kMeasurementProblem: return "measurement problem";
    case ClaimVerdict::kNoData: break;
  }
  return "no data";
}

}  // namespace schedlab
