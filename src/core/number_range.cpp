#include "core/number_range.h"

#include <fmt/format.h>

#include "core/error.h"

namespace schedlab {

double checked_number(double value, const std::string& where, const NumberRange& range) {
  if (!(value >= range.min && value <= range.max))  // NaN fails both
    throw UsageError(fmt::format("{}: {} is not a number from {:g} to {:g}", where, value, range.min, range.max));
  return value;
}

}  // namespace schedlab
