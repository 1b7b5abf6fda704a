#include "check/sitting_model.h"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>

#include "core/descriptive.h"
#include "stats/variance_components.h"

namespace schedlab {

double SittingModel::offset() const { return margin > 0 ? margin : std::sqrt(2 * between); }

double SittingModel::between_pct() const {
  return std::expm1(margin > 0 ? margin : std::sqrt(between)) * 100;
}

std::string SittingModel::describe() const {
  switch (source) {
    case Source::kSameSitting: return "both sides in one sitting (interleaved): no between-sitting term";
    case Source::kHistory:
      return fmt::format("between sittings \u00b1{:.1f}% (from {} sittings of this spec on this host)", between_pct(),
                         sittings);
    case Source::kBaselineModes:
      return fmt::format("between sittings up to \u00b1{:.1f}% (the baseline met two machine states: a sitting "
                         "wholly in either sits that far from its mean)",
                         between_pct());
    case Source::kBaselineDrift:
      return fmt::format("between sittings up to \u00b1{:.1f}% (the baseline drifted that far over its runs)",
                         between_pct());
    case Source::kUnknown: break;
  }
  return "between-sitting spread unknown (no past sittings of this spec on this host)";
}

SittingModel model_from_history(const std::vector<std::vector<double>>& past_logs,
                                std::span<const double> baseline_logs) {
  auto sittings = past_logs;
  sittings.emplace_back(baseline_logs.begin(), baseline_logs.end());
  const auto vc = stats::estimate_variance_components(sittings);
  if (!vc) return {};
  return {SittingModel::Source::kHistory, vc->between, vc->df_between, vc->sittings, 0};
}

SittingModel model_from_modes(const stats::ModesTest& modes) {
  const double n = static_cast<double>(modes.low_n + modes.high_n);
  if (!modes.available || n == 0) return {};
  const double w = static_cast<double>(modes.low_n) / n, d = std::fabs(modes.high_mean - modes.low_mean);
  return {SittingModel::Source::kBaselineModes, 0, 0, 1, std::max(w, 1 - w) * d};
}

SittingModel model_from_drift(std::span<const double> logs_in_order) {
  const std::size_t n = logs_in_order.size(), half = n / 2;
  if (half < 2) return {};
  const auto first = logs_in_order.first(half), second = logs_in_order.last(n - half);
  const double d = std::fabs(stats::mean(second) - stats::mean(first));
  return {SittingModel::Source::kBaselineDrift, 0, 0, 1, d};
}

SittingModel larger(const SittingModel& a, const SittingModel& b) {
  if (!a.known()) return b;
  if (!b.known()) return a;
  return b.offset() > a.offset() ? b : a;
}

}  // namespace schedlab
