#pragma once
#include <chrono>
#include <cstdint>
#include <optional>

#include "channel/run_channel.h"
#include "spec/run_options.h"
#include "workloads/workload.h"

namespace schedlab {

// How a run ends, decided once per variant: at the end of a time window, or
// when every copy has done `iterations` loops (counted from the window's
// start).  A copy that finishes before a window closes is a failure.
struct StopRule {
  std::optional<std::chrono::nanoseconds> window;
  std::uint64_t iterations = 0;

  bool iteration_bound() const { return !window; }
  // What the worker is told through the channel.
  channel::StopPlan plan() const;
};

// Decides the rule from what the workload supports and the run options;
// throws UsageError naming the option it cannot take (--duration, --warmup).
StopRule decide_stop_rule(const Workload& workload, const Params& params, const RunOptions& options);

}  // namespace schedlab
