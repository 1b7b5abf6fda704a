// check's sequential design: the current runs, measured now, against the
// baseline's runs, measured in another sitting.  Before each look it
// decides from the runs whether the work sentinel tracks the metric
// (stats/sentinel_tracking.h: normalise only then), and how far this spec
// moves between sittings on this host (check/sitting_model.h: the store's
// past sittings, the baseline's own two modes); "bad" only beyond that.
#include <fmt/format.h>

#include <cmath>
#include <iostream>

#include "check/sequential_decision.h"
#include "flows/check_flow.h"
#include "compare/machine_speed.h"
#include "stats/set_spread.h"
#include "session/session.h"
#include "stats/variance_components.h"

namespace schedlab {
namespace {

// Why the check could not tell, and what would let it.
std::string undecided_reason(const Loaded& l, const SequentialInputs& in, const Decision& d, const std::string& argv_hint) {
  if (d.bad_withheld) {
    const std::size_t have = in.past_sittings + 1;
    return fmt::format("the loss lies beyond the threshold, but how far this machine alone moves this spec between "
                       "sittings is unknown ({} of the {} sittings a between-sitting estimate needs{}): record "
                       "the baseline's spec {} more time{} minutes apart ({}; the store keeps them), or use "
                       "--interleave GOOD",
                       have, stats::kMinSittings,
                       l.history.problem.empty() ? "" : "; " + l.history.problem,
                       stats::kMinSittings - have, stats::kMinSittings - have == 1 ? "" : "s", argv_hint);
  }
  if (d.between_share > 0.5)
    return fmt::format("the machine's between-sitting spread ({}) is most of the interval: more runs cannot "
                       "decide; --interleave GOOD can",
                       in.model.describe());
  const double limit = baseline_limit_pct(in.good, kCheckAlpha);
  return fmt::format("the interval still straddles the threshold{}: raise --max-runs",
                     limit > 2 ? fmt::format(" (the baseline's own spread allows \u00b1{:.1f}%)", limit) : "");
}

ordered_json model_json(const SittingModel& m, const Decision& d) {
  static const char* kSources[] = {"unknown", "same-session", "history", "baseline-modes", "baseline-drift"};
  const bool margin = m.margin > 0;
  return {{"source", kSources[static_cast<int>(m.source)]}, {"between_variance_log", m.between},
          {"between_sd_pct", margin ? 0.0 : m.between_pct()}, {"df", m.df}, {"sessions", m.sittings},
          {"margin_pct", margin ? m.between_pct() : 0.0}, {"share_of_interval", d.between_share},
          {"summary", m.describe()}};
}

ordered_json tracking_json(const stats::SentinelTracking& t) {
  return {{"metric", stats::kWorkSentinelMetric}, {"available", t.available}, {"r", t.correlation.r},
          {"tracking_r", t.tracking_r}, {"p_value", t.correlation.p_value}, {"runs", t.correlation.n},
          {"required_r", t.required_r}, {"normalized", t.normalize}, {"reason", t.reason}};
}

// The evidence's lines and JSON beside the decision.
void explain(const Loaded& l, const SequentialInputs& in, const ResultSet& evidence, CheckEvidence& e) {
  e.lines.push_back(stats::describe_tracking(in.tracking));
  e.lines.push_back("model: " + in.model.describe());
  e.extra["between_sessions"] = model_json(in.model, e.decision);
  e.extra["work_sentinel"] = tracking_json(in.tracking);
  e.extra["baseline_flags"] = ordered_json::array();
  for (const auto& w : stats::spread_warnings(*l.good)) {
    e.lines.push_back("baseline: " + w.detail);
    e.extra["baseline_flags"].push_back({{"kind", w.kind}, {"detail", w.detail}});
  }
  const std::string metric = l.good->workload.primary_metric;
  if (auto speed = machine_speed_difference(*l.good, evidence, kCheckAlpha); speed && speed->significant)
    e.lines.push_back(describe_speed("this kernel", *speed, metric, e.decision.change_pct));
}

// What the runs' spread alone would have decided (the check before the
// between-sitting model): the first decisive look of the same runs.  Kept
// as evidence, and for the calibration in docs/statistics.md.
void note_within_only(const CheckArgs& a, const Loaded& l, const SequentialInputs& in, std::size_t look,
                      Decision& within_only) {
  if (within_only.verdict != Verdict::kUndecided) return;
  SequentialInputs alone = in;
  alone.model = SittingModel::same_sitting();
  within_only = decide_sequential(alone, l.bad != nullptr, l.better, a.threshold, l.looks, look);
}

void explain_within_only(const Decision& w, CheckEvidence& e) {
  e.extra["within_only"] = {{"verdict", to_string(w.verdict)}, {"look", w.look}};
  if (w.verdict != e.decision.verdict)
    e.lines.push_back(fmt::format("the runs' spread alone, without the between-sitting term, would have said {} "
                                  "at look {}",
                                  to_string(w.verdict), w.look));
}

std::vector<std::vector<ResultSet>> past_sittings(const store::History& h) {
  std::vector<std::vector<ResultSet>> out;
  for (const auto& sitting : h.sittings) out.push_back(sitting.sets);
  return out;
}

std::string rerun_hint(const ResultSet& good) {
  std::string hint;
  for (const auto& word : good.argv) hint += (hint.empty() ? "" : " ") + word;
  return hint.empty() ? "schedlab run ... as the baseline was" : "`" + hint + "`";
}

}  // namespace

int measure_sequential(const CheckArgs& a, Loaded& l) {
  RunSetup& setup = *l.setup;
  Session session;
  session.hold_global_controls(changes_global_state(setup.spec.scenario), setup.options().no_wait);
  CheckProgress observer(l.looks);
  ResultSet evidence;
  CheckEvidence e{.design = "sequential",
                  .procedure = "Lan-DeMets Pocock-type repeated CI, Welch SE plus the between-sitting term"};
  SequentialInputs in;
  Decision within_only;
  for (std::size_t look = 1; look <= l.looks.looks(); ++look) {
    const Decision& d = e.decision;
    setup.spec.options.runs = static_cast<int>(l.looks.runs[look - 1] - evidence.runs.size());
    observer.at_look(look, d.look == 0 ? "" : fmt::format("  {:+.1f}% (CI {:+.1f}%..{:+.1f}%)", d.change_pct,
                                                            d.interval_pct.low, d.interval_pct.high));
    observer.batch(setup.spec.options.runs);
    const Experiment exp{{setup}, 0, a.argv, setup.options()};
    auto sets = run_check_batch(a, l, exp, session, observer, "the baseline's workload");
    if (!sets) return kCheckSkipExit;
    setup.spec.options.warmup_runs = 0;  // the baseline's warmup runs: once, before the first batch
    add_batch(evidence, std::move(sets->front()));
    if (primary_values(evidence).size() != l.looks.runs[look - 1]) continue;  // a look only at its planned size
    in = sequential_inputs(*l.good, l.bad, evidence, past_sittings(l.history), kCheckAlpha);
    e.decision = decide_sequential(in, l.bad != nullptr, l.better, a.threshold, l.looks, look);
    note_within_only(a, l, in, look, within_only);
    if (e.decision.verdict != Verdict::kUndecided || e.decision.bad_withheld) break;
  }
  observer.done();
  e.runs = evidence.runs.size();
  if (e.decision.verdict == Verdict::kUndecided) e.reason = undecided_reason(l, in, e.decision, rerun_hint(*l.good));
  explain(l, in, evidence, e);
  explain_within_only(within_only, e);
  return report_check(a, l, e, {evidence});
}

}  // namespace schedlab
