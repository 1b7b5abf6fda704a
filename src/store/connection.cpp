#include "store/connection.h"

#include <fmt/format.h>

#include <cmath>
#include <cstdint>

#include "core/whole_number.h"
#include "input/numbers.h"

namespace schedlab::store {

std::int64_t as_int(const SqlValue& v, std::int64_t fallback) {
  if (const auto* i = std::get_if<std::int64_t>(&v)) return *i;
  if (const auto* d = std::get_if<double>(&v))  // converting 1e300 is undefined behaviour
    return std::isfinite(*d) && std::abs(*d) < 9e18 ? static_cast<std::int64_t>(*d) : fallback;
  if (const auto* s = std::get_if<std::string>(&v))  // text where a number belongs: as if absent
    return parse_whole_number<std::int64_t>(*s, INT64_MIN, INT64_MAX).value_or(fallback);
  return fallback;
}

double as_double(const SqlValue& v, double fallback) {
  return as_optional_double(v).value_or(fallback);
}

std::optional<double> as_optional_double(const SqlValue& v) {
  if (const auto* d = std::get_if<double>(&v)) return *d;
  if (const auto* i = std::get_if<std::int64_t>(&v)) return static_cast<double>(*i);
  if (const auto* s = std::get_if<std::string>(&v)) return input::parse_real(*s);
  return std::nullopt;
}

std::string as_text(const SqlValue& v) {
  if (const auto* s = std::get_if<std::string>(&v)) return *s;
  if (const auto* i = std::get_if<std::int64_t>(&v)) return std::to_string(*i);
  if (const auto* d = std::get_if<double>(&v)) return fmt::format("{}", *d);
  return "";
}

Transaction::~Transaction() {
  if (done_) return;
  try {
    c_.exec("ROLLBACK");
  } catch (const std::exception&) {
    // The connection is gone or the transaction already ended: nothing to undo.
  }
}

void Transaction::commit() {
  c_.exec("COMMIT");
  done_ = true;
}

}  // namespace schedlab::store
