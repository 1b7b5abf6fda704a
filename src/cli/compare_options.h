#pragma once
// The option values `compare` and `report` share, checked one way.
#include <string>

#include "stats/significance.h"

namespace schedlab {

// --test: welch, mwu or overlap; throws UsageError naming --test.
stats::TestKind parse_test_kind(const std::string& text);
// --alpha: a number strictly between 0 and 1; throws UsageError naming --alpha.
double parse_alpha(const std::string& text);

}  // namespace schedlab
