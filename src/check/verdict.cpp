#include "check/verdict.h"

#include <boost/math/distributions/students_t.hpp>
#include <algorithm>
#include <cmath>
#include <stdexcept>

#include "core/descriptive.h"
#include "stats/sequential.h"

namespace schedlab {
namespace {

std::vector<double> logs(std::span<const double> xs) {
  std::vector<double> out;
  for (double x : xs) out.push_back(std::log(x));
  return out;
}

bool positive(std::span<const double> xs) {
  return std::all_of(xs.begin(), xs.end(), [](double x) { return x > 0; });
}

// The repeated confidence interval of Δ = mean(log current) - mean(log good)
// at `look`, on the log scale, with the between-sitting term of `model`.
struct LogInterval {
  double delta = 0, low = 0, high = 0, t = 0, df = 0, between_share = 0;
};

LogInterval interval_of(double delta, double var, double df_denominator, const LookPlan& plan, std::size_t look) {
  LogInterval r;
  r.delta = delta;
  const double se = std::sqrt(var);
  if (se == 0) return {delta, delta, delta, 0, 0, 0};
  r.df = var * var / df_denominator;
  r.t = stats::t_critical(stats::nominal_p(plan.z_bounds.at(look - 1)), r.df);
  r.low = r.delta - r.t * se;
  r.high = r.delta + r.t * se;
  return r;
}

LogInterval repeated_interval(std::span<const double> good, std::span<const double> current,
                              const LookPlan& plan, std::size_t look, const SittingModel& model) {
  const auto a = logs(good), b = logs(current);
  const double va = stats::sample_stddev(a) * stats::sample_stddev(a) / static_cast<double>(a.size());
  const double vb = stats::sample_stddev(b) * stats::sample_stddev(b) / static_cast<double>(b.size());
  const double vs = 2 * model.between;  // each sitting's own effect (history)
  // Satterthwaite: each variance term weighed by its own degrees of freedom.
  const double denominator = va * va / static_cast<double>(a.size() - 1) +
                             vb * vb / static_cast<double>(b.size() - 1) + (model.df > 0 ? vs * vs / model.df : 0);
  LogInterval r = interval_of(stats::mean(b) - stats::mean(a), va + vb + vs, denominator, plan, look);
  if (va + vb + vs > 0) r.between_share = vs / (va + vb + vs);
  // A margin (the states the baseline met) widens both sides as a bound on
  // the machine's own offset; its share is of the interval's half-width.
  if (model.margin > 0) {
    const double half = (r.high - r.low) / 2;
    r.low -= model.margin;
    r.high += model.margin;
    r.between_share = model.margin / (half + model.margin);
  }
  return r;
}

double pct(double log_ratio) { return std::expm1(log_ratio) * 100; }

// The loss threshold on the log scale: T% fewer (higher is better) or T%
// more (lower is better).
double log_threshold(double threshold_pct, Better better) {
  return better == Better::kHigher ? -std::log1p(-std::min(threshold_pct, 99.999) / 100)
                                   : std::log1p(threshold_pct / 100);
}

Decision decide_on(const LogInterval& r, Better better, double log_t, std::size_t look, bool bad_allowed) {
  Decision d;
  d.look = look;
  d.change_pct = pct(r.delta);
  d.interval_pct = {pct(r.low), pct(r.high)};
  d.critical_t = r.t;
  d.df = r.df;
  d.between_share = r.between_share;
  // The loss is the change in the bad direction.
  const double lo = better == Better::kHigher ? -r.high : r.low;
  const double hi = better == Better::kHigher ? -r.low : r.high;
  if (hi < log_t) d.verdict = Verdict::kGood;
  else if (lo > log_t && bad_allowed) d.verdict = Verdict::kBad;
  else if (lo > log_t) d.bad_withheld = true;
  return d;
}

Decision decide(std::span<const double> good, std::span<const double> current, Better better,
                double log_t, const LookPlan& plan, std::size_t look, const SittingModel& model) {
  if (good.size() < 2 || current.size() < 2 || !positive(good) || !positive(current)) return Decision{.look = look};
  return decide_on(repeated_interval(good, current, plan, look, model), better, log_t, look, model.known());
}

}  // namespace

const char* to_string(Verdict v) {
  switch (v) {
    case Verdict::kGood: return "good";
    case Verdict::kBad: return "bad";
    case Verdict::kUndecided: break;
  }
  return "skip";
}

int exit_status(Verdict v) {
  switch (v) {
    case Verdict::kGood: return 0;
    case Verdict::kBad: return 1;
    case Verdict::kUndecided: break;
  }
  return 125;
}

LookPlan plan_looks(std::size_t baseline_runs, std::size_t batch, std::size_t max_runs, double alpha) {
  if (baseline_runs < 2 || batch < 1 || max_runs < 2) throw std::invalid_argument("plan_looks: too few runs");
  LookPlan p;
  p.alpha = alpha;
  for (std::size_t n = std::min(batch, max_runs);; n = std::min(n + batch, max_runs)) {
    if (n >= 2) p.runs.push_back(n);  // a look needs two runs for a spread
    if (n == max_runs) break;
  }
  // Information ∝ 1 / Var(Δ) ∝ 1 / (1/n + 1/m), the baseline fixed.
  auto info = [&](std::size_t n) { return 1 / (1.0 / static_cast<double>(n) + 1.0 / static_cast<double>(baseline_runs)); };
  for (std::size_t n : p.runs) p.information.push_back(info(n) / info(max_runs));
  p.z_bounds = stats::spending_boundaries(p.information, alpha);
  return p;
}

Decision decide_against_good(std::span<const double> good, std::span<const double> current, Better better,
                             double threshold_pct, const LookPlan& plan, std::size_t look,
                             const SittingModel& model) {
  return decide(good, current, better, log_threshold(threshold_pct, better), plan, look, model);
}

Decision decide_paired(std::span<const double> good, std::span<const double> current, Better better,
                       double threshold_pct, const LookPlan& plan, std::size_t look) {
  const std::size_t n = std::min(good.size(), current.size());
  if (n < 2 || !positive(good) || !positive(current)) return Decision{.look = look};
  std::vector<double> diffs;
  for (std::size_t i = 0; i < n; ++i) diffs.push_back(std::log(current[i]) - std::log(good[i]));
  const double sd = stats::sample_stddev(diffs), var = sd * sd / static_cast<double>(n);
  const double df = static_cast<double>(n - 1);
  const LogInterval r = interval_of(stats::mean(diffs), var, var * var / df, plan, look);
  return decide_on(r, better, log_threshold(threshold_pct, better), look, true);
}

LookPlan plan_paired_looks(std::size_t batch, std::size_t max_blocks, double alpha) {
  if (batch < 1 || max_blocks < 2) throw std::invalid_argument("plan_paired_looks: too few blocks");
  LookPlan p;
  p.alpha = alpha;
  for (std::size_t n = std::min(batch, max_blocks);; n = std::min(n + batch, max_blocks)) {
    if (n >= 2) p.runs.push_back(n);
    if (n == max_blocks) break;
  }
  for (std::size_t n : p.runs) p.information.push_back(static_cast<double>(n) / static_cast<double>(max_blocks));
  p.z_bounds = stats::spending_boundaries(p.information, alpha);
  return p;
}

double loss_pct(std::span<const double> good, std::span<const double> bad, Better better) {
  const double ratio = stats::mean(bad) / stats::mean(good);
  return better == Better::kHigher ? (1 - ratio) * 100 : (ratio - 1) * 100;
}

Decision decide_between(std::span<const double> good, std::span<const double> bad,
                        std::span<const double> current, Better better, const LookPlan& plan,
                        std::size_t look, const SittingModel& model) {
  if (!positive(bad)) return Decision{};
  const double to_bad = std::log(stats::mean(bad)) - std::log(stats::mean(good));
  const double half_way = (better == Better::kHigher ? -to_bad : to_bad) / 2;
  return decide(good, current, better, half_way, plan, look, model);
}

double baseline_limit_pct(std::span<const double> good, double alpha) {
  const double m = stats::mean(good);
  if (good.size() < 2 || m == 0) return 0;
  const double n = static_cast<double>(good.size());
  const double q = boost::math::quantile(
      boost::math::complement(boost::math::students_t(n - 1), alpha / 2));
  return q * stats::sample_stddev(good) / std::sqrt(n) / std::fabs(m) * 100;
}

}  // namespace schedlab
