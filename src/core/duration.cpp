#include "core/duration.h"

#include <fmt/format.h>

#include <charconv>
#include <cmath>

#include "core/error.h"

namespace schedlab {
namespace {

constexpr std::string_view kAllowed =
    "a duration such as 10, 10s, 500ms, 250us or 2m";

double unit_seconds(std::string_view unit) {
  if (unit.empty() || unit == "s") return 1.0;
  if (unit == "ms") return 1e-3;
  if (unit == "us") return 1e-6;
  if (unit == "m") return 60.0;
  if (unit == "h") return 3600.0;
  return -1.0;
}

}  // namespace

std::chrono::nanoseconds parse_duration(std::string_view option, std::string_view text,
                                        bool allow_zero) {
  auto fail = [&](std::string_view allowed) -> std::chrono::nanoseconds {
    throw UsageError(std::string(option), std::string(text), std::string(allowed));
  };
  double value = 0;
  auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (ec != std::errc() || text.empty() || !std::isfinite(value)) return fail(kAllowed);
  double unit = unit_seconds(text.substr(static_cast<size_t>(end - text.data())));
  if (unit < 0) return fail(kAllowed);
  return duration_from_seconds(option, text, value * unit, allow_zero);
}

std::chrono::nanoseconds duration_from_seconds(std::string_view option, std::string_view shown, double seconds,
                                               bool allow_zero) {
  auto fail = [&](std::string_view allowed) -> std::chrono::nanoseconds {
    throw UsageError(std::string(option), std::string(shown), std::string(allowed));
  };
  if (!std::isfinite(seconds)) return fail(kAllowed);
  if (seconds < 0) return fail(fmt::format("{} that is not negative", kAllowed));
  const double ns = seconds * 1e9;
  if (ns > 1e9 * 86400 * 7) return fail("a duration of at most one week");
  if (!allow_zero && ns < 1e6) return fail("a duration of at least 1ms");
  return std::chrono::nanoseconds(static_cast<std::int64_t>(std::llround(ns)));
}

std::string format_duration(std::chrono::nanoseconds d) {
  const auto ns = d.count();
  if (ns % 60'000'000'000 == 0 && ns != 0) return fmt::format("{}m", ns / 60'000'000'000);
  if (ns % 1'000'000'000 == 0) return fmt::format("{}s", ns / 1'000'000'000);
  if (ns % 1'000'000 == 0) return fmt::format("{}ms", ns / 1'000'000);
  return fmt::format("{}us", ns / 1000);
}

}  // namespace schedlab
