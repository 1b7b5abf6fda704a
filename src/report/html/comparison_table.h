#pragma once
#include <string>

#include "compare/comparison.h"

namespace schedlab::html {

// compare's mmtests table as HTML, from the same Comparison and so with the
// same numbers: per metric and set the centre (Hmean for higher-is-better
// metrics, else Amean) with its spread, and against the baseline the
// change in mmtests' convention (positive = better), coloured when the
// test marks it significant; the p-value, interval and effect size in the
// cell's tooltip.
std::string comparison_table(const Comparison& c);

}  // namespace schedlab::html
