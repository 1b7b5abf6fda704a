// Power: the smallest change a comparison could have detected, and the runs
// needed to detect a given one.
//
// Two independent samples (Welch): MDE = delta * SE, where delta is the
// noncentrality at which a two-sided t-test of level alpha with the
// Welch–Satterthwaite df rejects with probability `power` (noncentral t,
// Boost.Math).  Paired: the same with the paired differences' SE and n - 1
// df.  Planning iterates n because df depends on it (Guenther 1981, The
// American Statistician 35:243–244).
#pragma once
#include <cstddef>
#include <optional>
#include <span>

namespace schedlab::stats {

// The smallest true difference of means (in the values' unit) detectable
// with probability `power` at two-sided `alpha`; nullopt with fewer than 2
// values a side.
std::optional<double> mde_welch(std::span<const double> a, std::span<const double> b, double alpha,
                                double power);
// The same for paired differences d_i = b_i - a_i.
std::optional<double> mde_paired(std::span<const double> a, std::span<const double> b, double alpha,
                                 double power);

// The noncentrality delta such that P(|T'(df, delta)| > t_{1-alpha/2, df}) = power.
double detectable_noncentrality(double df, double alpha, double power);

// Runs per set needed to detect a relative change `d` (0.02 = 2%) between
// two independent sets whose runs vary with coefficients of variation
// `cv_a` and `cv_b` (fractions); pairs needed when paired, with `cv_d` the
// relative SD of the paired differences.  Capped at 100000.
std::size_t runs_needed(double cv_a, double cv_b, double d, double alpha, double power);
std::size_t pairs_needed(double cv_d, double d, double alpha, double power);

}  // namespace schedlab::stats
