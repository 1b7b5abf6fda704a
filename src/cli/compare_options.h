#pragma once
// The option values `compare` and `report` share, checked one way.
#include <string>

#include "compare/comparison.h"
#include "stats/significance.h"

namespace schedlab {

// --test: welch, mwu or overlap; throws UsageError naming --test.
stats::TestKind parse_test_kind(const std::string& text);
// --alpha: a number strictly between 0 and 1; throws UsageError naming --alpha.
double parse_alpha(const std::string& text);

// What `compare` and `report` were asked for, checked one way: --test,
// --alpha, --paired, --force, and --metrics (a comma list) or --all, which
// exclude each other.
CompareOptions comparison_options(const std::string& test, const std::string& alpha, bool paired, bool force,
                                  const std::string& metrics, bool all);

}  // namespace schedlab
