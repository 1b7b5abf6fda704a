#include "runner/stop_rule.h"

#include <fmt/format.h>

#include "core/duration.h"
#include "core/error.h"
#include "spec/run_option_table.h"

namespace schedlab {

channel::StopPlan StopRule::plan() const {
  if (iteration_bound()) return {SL_STOP_ITERATIONS, iterations};
  return {SL_STOP_WINDOW, 0};
}

StopRule decide_stop_rule(const Workload& w, const Params& params, const RunOptions& o) {
  const StopSupport s = w.stop_support(params);
  const std::string why = s.why.empty() ? "" : " (" + s.why + ")";
  if (o.warmup.count() > 0 && !s.warmup)
    throw UsageError(fmt::format("{}: {} takes no warmup{}", option_name("warmup_s"), w.info().name, why));
  if (o.duration && !s.window)
    throw UsageError(fmt::format("{}: {} is not bounded by a time window{}", option_name("duration_s"), w.info().name, why));
  if (s.fixed_iterations > 0) return {std::nullopt, s.fixed_iterations};
  if (!o.duration && !s.iterations_param.empty())
    return {std::nullopt, static_cast<std::uint64_t>(params.integer(s.iterations_param))};
  return {o.window(), 0};
}

}  // namespace schedlab
