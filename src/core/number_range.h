#pragma once
// The range a number from outside must lie in, declared beside the field it
// fills (core/result.h); input/numbers.h parses the text of numbers.  Here,
// below the input module, because the result document's reader is in core.
#include <string>

namespace schedlab {

struct NumberRange {
  double min;
  double max;
};

// `value` when it lies in `range`; else throws UsageError
// "WHERE: VALUE is not a number from MIN to MAX" (NaN never lies in one).
double checked_number(double value, const std::string& where, const NumberRange& range);

}  // namespace schedlab
