#include "check/verdict.h"

#include <boost/math/distributions/students_t.hpp>
#include <cmath>

#include "stats/descriptive.h"

namespace schedlab {
namespace {

Decision change_of(std::span<const double> good, std::span<const double> current, double alpha) {
  Decision d;
  const double base = stats::mean(good);
  if (base == 0 || good.size() < 2 || current.size() < 2) return d;
  d.change_pct = (stats::mean(current) - base) / base * 100;
  const auto ci = stats::welch_difference_interval(good, current, 1 - alpha);
  d.interval_pct = {ci.low / base * 100, ci.high / base * 100};
  return d;
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

Decision decide_against_good(std::span<const double> good, std::span<const double> current,
                             Better better, double threshold_pct, double alpha) {
  Decision d = change_of(good, current, alpha);
  if (good.size() < 2 || current.size() < 2) return d;
  // Loss: how much worse than good, in percent; positive = regression.
  const double lo = better == Better::kHigher ? -d.interval_pct.high : d.interval_pct.low;
  const double hi = better == Better::kHigher ? -d.interval_pct.low : d.interval_pct.high;
  if (hi < threshold_pct) d.verdict = Verdict::kGood;
  else if (lo > threshold_pct) d.verdict = Verdict::kBad;
  return d;
}

Decision decide_between(std::span<const double> good, std::span<const double> bad,
                        std::span<const double> current, double alpha) {
  Decision d = change_of(good, current, alpha);
  if (good.size() < 2 || bad.size() < 2 || current.size() < 2) return d;
  const double m = stats::mean(current);
  const bool closer_to_good = std::fabs(m - stats::mean(good)) < std::fabs(m - stats::mean(bad));
  if (closer_to_good && stats::welch_t_test(bad, current, alpha).significant) d.verdict = Verdict::kGood;
  else if (!closer_to_good && stats::welch_t_test(good, current, alpha).significant) d.verdict = Verdict::kBad;
  return d;
}

}  // namespace schedlab

namespace schedlab {

double baseline_limit_pct(std::span<const double> good, double alpha) {
  const double m = stats::mean(good);
  if (good.size() < 2 || m == 0) return 0;
  const double n = static_cast<double>(good.size());
  const double q = boost::math::quantile(
      boost::math::complement(boost::math::students_t(n - 1), alpha / 2));
  return q * stats::sample_stddev(good) / std::sqrt(n) / std::fabs(m) * 100;
}

}  // namespace schedlab
