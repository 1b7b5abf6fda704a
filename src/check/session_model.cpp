#include "check/session_model.h"

#include <fmt/format.h>

#include <cmath>

#include "core/descriptive.h"
#include "stats/variance_components.h"

namespace schedlab {

double SessionModel::between_pct() const { return std::expm1(std::sqrt(between)) * 100; }

std::string SessionModel::describe() const {
  switch (source) {
    case Source::kSameSession: return "both sides in one session (interleaved): no between-session term";
    case Source::kHistory:
      return fmt::format("between sessions \u00b1{:.1f}% (from {} sessions of this spec on this host)", between_pct(),
                         sessions);
    case Source::kBaselineModes:
      return fmt::format("between sessions \u00b1{:.1f}% (from the baseline's two modes: two machine states)",
                         between_pct());
    case Source::kBaselineDrift:
      return fmt::format("between sessions \u00b1{:.1f}% (from the baseline's drift over its runs)", between_pct());
    case Source::kUnknown: break;
  }
  return "between-session spread unknown (no past sessions of this spec on this host)";
}

SessionModel model_from_history(const std::vector<std::vector<double>>& past_logs,
                                std::span<const double> baseline_logs) {
  auto sessions = past_logs;
  sessions.emplace_back(baseline_logs.begin(), baseline_logs.end());
  const auto vc = stats::estimate_variance_components(sessions);
  if (!vc) return {};
  return {SessionModel::Source::kHistory, vc->between, vc->df_between, vc->sessions};
}

SessionModel model_from_modes(const stats::ModesTest& modes) {
  const double n = static_cast<double>(modes.low_n + modes.high_n);
  if (!modes.available || n == 0) return {};
  const double w = static_cast<double>(modes.low_n) / n, d = modes.high_mean - modes.low_mean;
  return {SessionModel::Source::kBaselineModes, w * (1 - w) * d * d, 1, 1};
}

SessionModel model_from_drift(std::span<const double> logs_in_order) {
  const std::size_t n = logs_in_order.size(), half = n / 2;
  if (half < 2) return {};
  const auto first = logs_in_order.first(half), second = logs_in_order.last(n - half);
  const double d = stats::mean(second) - stats::mean(first);
  return {SessionModel::Source::kBaselineDrift, d * d / 4, 1, 1};
}

SessionModel larger(const SessionModel& a, const SessionModel& b) {
  if (!a.known()) return b;
  if (!b.known()) return a;
  return b.between > a.between ? b : a;
}

}  // namespace schedlab
