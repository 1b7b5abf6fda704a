#include "check/sequential_decision.h"

#include <cmath>

#include "stats/set_spread.h"

namespace schedlab {
namespace {

std::vector<double> exps(const std::vector<double>& logs) {
  std::vector<double> out;
  out.reserve(logs.size());
  for (double l : logs) out.push_back(std::exp(l));
  return out;
}

// Each past sitting's logs, its sets pooled; sittings of fewer than 2 runs
// say nothing of the within-sitting spread and are left out.
std::vector<std::vector<double>> past_logs(const std::vector<std::vector<ResultSet>>& past, bool normalize) {
  std::vector<std::vector<double>> out;
  for (const auto& sitting : past) {
    std::vector<double> logs;
    for (const auto& set : sitting)
      for (double x : stats::primary_logs(set, normalize)) logs.push_back(x);
    if (logs.size() >= 2) out.push_back(std::move(logs));
  }
  return out;
}

}  // namespace

SequentialInputs sequential_inputs(const ResultSet& good, const ResultSet* bad, const ResultSet& current,
                                   const std::vector<std::vector<ResultSet>>& past, double alpha) {
  SequentialInputs in;
  in.tracking = stats::sentinel_tracking({&good, &current}, alpha);
  const bool norm = in.tracking.normalize;
  const auto good_logs = stats::primary_logs(good, norm);
  const auto history = past_logs(past, norm);
  in.past_sittings = history.size();
  in.model = model_from_history(history, good_logs);
  // Two machine states inside the baseline: a sitting may sit wholly in
  // either.  A step between two states also reads as a drift; the modes
  // are the more exact account of it (the states seen, not extrapolated).
  if (const auto modes = stats::two_modes_test(good_logs); modes.available && modes.p_value < stats::kSpreadAlpha)
    in.model = larger(in.model, model_from_modes(modes));
  else if (const auto drift = stats::mann_kendall(good_logs); drift.available && drift.p_value < stats::kSpreadAlpha)
    in.model = larger(in.model, model_from_drift(good_logs));
  in.good = exps(good_logs);
  in.current = exps(stats::primary_logs(current, norm));
  if (bad) in.bad = exps(stats::primary_logs(*bad, norm));
  return in;
}

Decision decide_sequential(const SequentialInputs& in, bool with_bad, Better better, double threshold_pct,
                           const LookPlan& plan, std::size_t look) {
  return with_bad ? decide_between(in.good, in.bad, in.current, better, plan, look, in.model)
                  : decide_against_good(in.good, in.current, better, threshold_pct, plan, look, in.model);
}

}  // namespace schedlab
