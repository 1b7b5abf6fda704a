#pragma once
// "Where the time went" (compare/profile_changes.h) in each compare style,
// after "What changed underneath": text lines for mmtests, a table for
// markdown, LKP's perf-profile rows, a second CSV table, a JSON array.  A
// share is printed with as many decimals as its interval supports.
#include <optional>
#include <string>

#include "compare/comparison.h"

namespace schedlab {

// Decimals that show a value whose interval has half-width `halfwidth`:
// one significant digit of the half-width (0.34 -> 1, 0.034 -> 2, 3.4 ->
// 0), at most 3; 1 when there is no interval.
int supported_decimals(std::optional<double> halfwidth);
// "4.1 ±0.3%" (or "4.1%" without an interval).
std::string share_text(const ShareEstimate& share);
// A function as LKP names it: "perf-profile.self.cpu-clock.psi_group_change".
std::string lkp_profile_name(const FunctionChange& change);

std::string format_profile_text(const Comparison& c);
std::string format_profile_markdown(const Comparison& c);
std::string format_profile_lkp(const Comparison& c);
std::string format_profile_csv(const Comparison& c);
ordered_json profile_json(const Comparison& c);

}  // namespace schedlab
