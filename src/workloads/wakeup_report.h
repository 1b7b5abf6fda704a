#pragma once
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "core/result.h"
#include "worker/histogram.h"

namespace schedlab {

// One wakeup copy's raw results (written by worker/wakeup_report.c), or
// several merged.
struct WakeupData {
  double window_s = 0;
  std::uint64_t requests = 0;        // completed inside the window
  std::uint64_t total_requests = 0;  // all, warmup and shutdown drain included (schbench's count)
  std::uint64_t dropped = 0;         // -R: requests not queued (backlog > 128)
  std::vector<double> rps_samples;   // per second of the window
  std::uint64_t msg_delay_ns = 0, msg_schedules = 0, worker_delay_ns = 0, worker_schedules = 0;
  std::unique_ptr<sl_hist> wakeup, request;

  WakeupData();
};

// Parses a report; throws std::runtime_error naming the problem.
WakeupData parse_wakeup_report(const std::string& text);
// Adds `from` into `into`: counts and histograms add, windows average,
// per-second samples add element-wise.
void merge_wakeup(WakeupData& into, const WakeupData& from);

// The metrics of the contract (rps, wakeup_*_us, request_*_us, rps_p*,
// *_samples, runqueue_delay_*) into `values`.  `rps` is requests in the
// window / the window, or with `compat` schbench's total / nominal runtime.
void add_wakeup_metrics(const WakeupData& data, bool compat, double nominal_s,
                        MetricValues& values);

// schbench's three blocks (Wakeup, Request, RPS percentiles with the starred
// line) and "average rps", from the same values; latencies in microseconds.
std::string format_schbench_blocks(const WakeupData& data, const MetricValues& values, bool pipe);

}  // namespace schedlab
