#include "stats/sequential.h"

#include <boost/math/distributions/normal.hpp>
#include <boost/math/distributions/students_t.hpp>
#include <cmath>
#include <stdexcept>

namespace schedlab::stats {
namespace {

constexpr int kGrid = 1201;  // points across the continuation region of a look

const boost::math::normal kStandard;

double Phi(double x) { return boost::math::cdf(kStandard, x); }
double phi(double x) { return boost::math::pdf(kStandard, x); }

// The density of the score S_k = Z_k sqrt(t_k) over the paths that have not
// crossed a bound yet, sampled on a uniform grid between -b and b.
struct Density {
  double b = 0;
  std::vector<double> f;

  double step() const { return 2 * b / static_cast<double>(f.size() - 1); }
  double at(size_t i) const { return -b + step() * static_cast<double>(i); }
  // Trapezoid weights times the density: the mass each grid point carries.
  double mass(size_t i) const { return f[i] * step() * (i == 0 || i + 1 == f.size() ? 0.5 : 1.0); }
};

// The probability that a path still inside at `d` ends beyond ±bound after
// an independent N(0, var) increment.
double crossing(const Density& d, double bound, double var) {
  const double sd = std::sqrt(var);
  double p = 0;
  for (size_t i = 0; i < d.f.size(); ++i) {
    const double s = d.at(i);
    p += d.mass(i) * (Phi((-bound - s) / sd) + 1 - Phi((bound - s) / sd));
  }
  return p;
}

// The density one look later, inside the new bound.
Density advance(const Density& d, double bound, double var) {
  const double sd = std::sqrt(var);
  Density next{bound, std::vector<double>(kGrid)};
  for (size_t j = 0; j < next.f.size(); ++j) {
    const double s = next.at(j);
    double v = 0;
    for (size_t i = 0; i < d.f.size(); ++i) v += d.mass(i) * phi((s - d.at(i)) / sd) / sd;
    next.f[j] = v;
  }
  return next;
}

// The bound (on the score scale) whose crossing probability is `spend`.
double solve_bound(const Density& d, double var, double spend) {
  double lo = 0, hi = 20 * std::sqrt(var + d.b * d.b + 1);
  for (int it = 0; it < 100; ++it) {
    const double mid = (lo + hi) / 2;
    (crossing(d, mid, var) > spend ? lo : hi) = mid;
  }
  return (lo + hi) / 2;
}

}  // namespace

double pocock_spending(double alpha, double t) {
  return alpha * std::log(1 + (std::exp(1.0) - 1) * std::clamp(t, 0.0, 1.0));
}

std::vector<double> spending_boundaries(const std::vector<double>& t, double alpha) {
  std::vector<double> c;
  double previous_t = 0, spent = 0;
  Density d;
  for (double tk : t) {
    if (!(tk > previous_t && tk <= 1 + 1e-12))
      throw std::invalid_argument("information fractions must increase within (0, 1]");
    const double spend = pocock_spending(alpha, tk) - spent;
    double bound = 0;
    if (c.empty()) {
      bound = boost::math::quantile(kStandard, 1 - spend / 2) * std::sqrt(tk);
      d = {bound, std::vector<double>(kGrid)};
      for (size_t i = 0; i < d.f.size(); ++i) d.f[i] = phi(d.at(i) / std::sqrt(tk)) / std::sqrt(tk);
    } else {
      bound = solve_bound(d, tk - previous_t, spend);
      d = advance(d, bound, tk - previous_t);
    }
    c.push_back(bound / std::sqrt(tk));
    spent += spend;
    previous_t = tk;
  }
  return c;
}

double nominal_p(double c) { return 2 * (1 - Phi(c)); }

double t_critical(double p, double df) {
  return boost::math::quantile(boost::math::complement(boost::math::students_t(df), p / 2));
}

}  // namespace schedlab::stats
