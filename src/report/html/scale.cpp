#include "report/html/scale.h"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>

namespace schedlab::html {
namespace {

// The step of 1, 2 or 5 x 10^k closest above `rough`.
double nice_step(double rough) {
  const double magnitude = std::pow(10.0, std::floor(std::log10(rough)));
  for (double m : {1.0, 2.0, 5.0})
    if (m * magnitude >= rough) return m * magnitude;
  return 10 * magnitude;
}

std::vector<double> linear_ticks(double lo, double hi) {
  const double step = nice_step((hi - lo) / 5);
  std::vector<double> ticks;
  for (double t = std::ceil(lo / step) * step; t <= hi + step * 1e-9; t += step)
    ticks.push_back(std::fabs(t) < step * 1e-9 ? 0.0 : t);
  return ticks;
}

std::vector<double> log_ticks(double lo, double hi) {
  const bool fine = std::log10(hi / lo) < 3;
  std::vector<double> ticks;
  for (double decade = std::pow(10.0, std::floor(std::log10(lo))); decade <= hi; decade *= 10)
    for (double m : {1.0, 2.0, 5.0}) {
      const double t = m * decade;
      if ((m == 1 || fine) && t >= lo * (1 - 1e-9) && t <= hi * (1 + 1e-9)) ticks.push_back(t);
    }
  return ticks;
}

}  // namespace

Scale Scale::linear(double lo, double hi, double from, double to) {
  if (!(hi > lo) && lo == 0) {
    // All zeros (no major faults, no idle time): a count or a share, so
    // the axis shows 0 to 1, not a negative half no value can take.
    lo = -0.1;
    hi = 1;
  } else if (!(hi > lo)) {
    const double half = std::fabs(lo) * 0.05;
    lo -= half;
    hi += half;
  }
  return Scale(lo, hi, from, to, false);
}

Scale Scale::log(double lo, double hi, double from, double to) {
  if (!(hi > lo)) {
    lo /= 2;
    hi *= 2;
  }
  return Scale(lo, hi, from, to, true);
}

double Scale::operator()(double value) const {
  const double f = log_ ? (std::log10(value) - std::log10(lo_)) / (std::log10(hi_) - std::log10(lo_))
                        : (value - lo_) / (hi_ - lo_);
  return from_ + f * (to_ - from_);
}

std::vector<double> Scale::ticks() const { return log_ ? log_ticks(lo_, hi_) : linear_ticks(lo_, hi_); }

std::pair<double, double> padded_range(const std::vector<double>& values, double fraction) {
  if (values.empty()) return {0, 1};
  const auto [lo, hi] = std::minmax_element(values.begin(), values.end());
  const double pad = (*hi - *lo) * fraction;
  return {*lo - pad, *hi + pad};
}

std::string tick_label(double value) {
  const double a = std::fabs(value);
  if (a >= 1e9) return fmt::format("{:.4g}G", value / 1e9);
  if (a >= 1e6) return fmt::format("{:.4g}M", value / 1e6);
  if (a >= 1e4) return fmt::format("{:.4g}k", value / 1e3);
  return fmt::format("{:.4g}", value);
}

}  // namespace schedlab::html
