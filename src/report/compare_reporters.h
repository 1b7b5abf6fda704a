#pragma once
#include <string>

#include "compare/comparison.h"

namespace schedlab {

// The comparison styles of `schedlab compare --style`; each is one function
// over the same Comparison, so no style computes statistics.
std::string format_mmtests(const Comparison& c);   // mmtests compare-kernels table
std::string format_lkp(const Comparison& c);       // LKP %stddev / %change table
std::string format_markdown(const Comparison& c);
std::string format_csv(const Comparison& c);
std::string format_compare_json(const Comparison& c);  // p-values, effect sizes, intervals

}  // namespace schedlab
