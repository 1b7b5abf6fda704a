#pragma once
#include <chrono>
#include <string>
#include <string_view>

namespace schedlab {

// Parses "10" (seconds), "10s", "500ms", "250us", "2m", "1.5s".  Throws
// UsageError naming `option` when the text is not a duration or is below the
// minimum (zero allowed only when `allow_zero`).
std::chrono::nanoseconds parse_duration(std::string_view option, std::string_view text,
                                        bool allow_zero);

// The same checks for a number of seconds (a result file's "duration_s");
// `shown` is the value as the message quotes it.
std::chrono::nanoseconds duration_from_seconds(std::string_view option, std::string_view shown, double seconds,
                                               bool allow_zero);

// "10s", "500ms", "2m" — the shortest exact rendering, for help and reports.
std::string format_duration(std::chrono::nanoseconds d);

inline double to_seconds(std::chrono::nanoseconds d) {
  return std::chrono::duration<double>(d).count();
}

}  // namespace schedlab
