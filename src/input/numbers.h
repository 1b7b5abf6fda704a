#pragma once
// Numbers from outside (an option's value, a result file's values, a store
// column, a guest's console): finite, and inside the range declared beside
// the field they fill, so no NaN, infinity or 1e308 reaches a sum, a
// square or a conversion to an integer.  The ranges and their check are in
// core/number_range.h, below this module: core's result reader uses them.
#include <optional>
#include <string>
#include <string_view>

namespace schedlab::input {

// The number `text` is, all of it (no trailing words): a finite decimal
// such as "5", "-0.25" or "1e3"; nullopt for anything else, "nan" and
// "inf" included.
std::optional<double> parse_real(std::string_view text);

// The leading number of `text` ("0.52 0.58 0.59 1/467 12345" gives 0.52).
std::optional<double> parse_leading_real(std::string_view text);

// A number's range and its check, beside the fields they guard: core/number_range.h.

}  // namespace schedlab::input
