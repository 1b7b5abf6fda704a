#include "spec/json_values.h"

#include <fmt/format.h>

#include <cstdint>

#include "core/error.h"

namespace schedlab {

std::string text_of(const ordered_json& j, const std::string& field) {
  if (j.is_string()) return j.get<std::string>();
  if (j.is_number_unsigned()) return std::to_string(j.get<std::uint64_t>());
  if (j.is_number_integer()) return std::to_string(j.get<std::int64_t>());
  if (j.is_number_float()) return fmt::format("{}", j.get<double>());
  if (j.is_boolean()) return j.get<bool>() ? "true" : "false";
  throw UsageError(fmt::format("{}: expected a string or a number, found {}", field, j.type_name()));
}

bool bool_of(const ordered_json& j, const std::string& field) {
  if (!j.is_boolean()) throw UsageError(fmt::format("{}: expected true or false, found {}", field, j.dump()));
  return j.get<bool>();
}

}  // namespace schedlab
