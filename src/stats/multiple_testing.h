// Multiple-testing control: adjusted p-values for a family of tests, so
// that "significant" keeps its meaning when many figures are tested at
// once (the functions of a profile, the side metrics of a comparison).
//
// - Benjamini–Hochberg step-up (false discovery rate): with the p-values
//   sorted, p_(1) <= ... <= p_(m), the adjusted value of p_(i) is
//   min over j >= i of min(1, m p_(j) / j).  Rejecting every hypothesis whose
//   adjusted value is <= q controls the expected share of false discoveries
//   at q for independent (or positively dependent) tests.  Benjamini and
//   Hochberg (1995), J. R. Statist. Soc. B 57:289–300.
// - Holm step-down (family-wise error rate): the adjusted value of p_(i) is
//   max over j <= i of min(1, (m - j + 1) p_(j)).  Valid under any
//   dependence.  Holm (1979), Scand. J. Statist. 6:65–70.
// Both are what R's p.adjust(p, "BH") and p.adjust(p, "holm") compute.
#pragma once
#include <span>
#include <vector>

namespace schedlab::stats {

// Adjusted p-values in the order of `p`.  Throws std::invalid_argument for
// a value outside [0, 1] (NaN included).
std::vector<double> benjamini_hochberg(std::span<const double> p);
std::vector<double> holm(std::span<const double> p);

}  // namespace schedlab::stats
