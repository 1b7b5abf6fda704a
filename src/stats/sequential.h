// Group-sequential boundaries for repeated looks at accumulating data.
//
// `check` looks after every batch of runs; testing each look at a fixed 95%
// level would make a false verdict ever more likely the more it looks
// (Armitage, McPherson & Rowe 1969: 19% at 10 looks).  Instead each look k
// gets a critical value c_k from the Lan–DeMets alpha-spending method (Lan &
// DeMets 1983, Biometrika 70:659–663) with the Pocock-type spending function
// alpha*(t) = alpha ln(1 + (e - 1) t) (Lan & DeMets 1983; Jennison &
// Turnbull 2000, ch. 7), at the information fractions t_k of the planned
// looks.  The c_k are found by the numerical recursion of Armitage et al.
// (1969) / Jennison & Turnbull (2000, ch. 19): the density of the score
// statistic on the not-yet-stopped paths is propagated on a grid, and c_k
// is the bound whose crossing probability is the alpha spent at look k.
// The intervals Δ ± c_k SE are then repeated confidence intervals
// (Jennison & Turnbull 1989, JRSS B 51:305–361): they cover the true
// difference at every look simultaneously with probability >= 1 - alpha,
// so a verdict taken at any look errs with probability <= alpha.
// With unknown variance each c_k becomes a nominal p-value p_k and the
// critical value t_{1 - p_k/2, df} of the look's own t statistic (the
// "significance level" approach, Jennison & Turnbull 2000, ch. 3).
#pragma once
#include <vector>

namespace schedlab::stats {

// Pocock-type spending: the two-sided alpha spent up to information
// fraction t in [0, 1].
double pocock_spending(double alpha, double t);

// Two-sided critical z values c_k for looks at increasing information
// fractions `t` (0 < t_1 < ... <= 1), spending `alpha` with Pocock-type
// spending.  Throws std::invalid_argument for fractions not increasing in
// (0, 1].
std::vector<double> spending_boundaries(const std::vector<double>& t, double alpha);

// The nominal two-sided p-value of a z boundary: 2 (1 - Phi(c)).
double nominal_p(double c);

// The critical value of a t statistic with `df` degrees of freedom for the
// nominal two-sided level `p`.
double t_critical(double p, double df);

}  // namespace schedlab::stats
