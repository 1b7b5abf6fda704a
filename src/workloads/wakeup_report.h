#pragma once
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "channel/histogram.h"
#include "channel/run_channel.h"
#include "core/result.h"

namespace schedlab {

// The wakeup copies' results, merged: what one schbench instance would have
// printed, for all copies together.
struct WakeupData {
  double window_s = 0;               // the copies' own windows, averaged
  std::uint64_t requests = 0;        // completed inside the window
  std::uint64_t total_requests = 0;  // all, warmup and shutdown drain included (schbench's count)
  std::uint64_t dropped = 0;         // -R: requests not queued (backlog > 128)
  std::uint64_t unsettled = 0;       // threads still updating a histogram at the stop
  std::vector<double> rps_samples;   // per second of the window, all copies
  std::uint64_t msg_delay_ns = 0, msg_schedules = 0, worker_delay_ns = 0, worker_schedules = 0;
  std::unique_ptr<sl_hist> wakeup, request;

  WakeupData();
};

// Adds copy `i` of the channel into `into`: counts and histograms add.
// `window_s`, `requests` and `rps_samples` are the runner's (WindowOutcome).
void add_copy(WakeupData& into, const channel::RunChannel& channel, int i);

// The metrics of the contract (rps, wakeup_*_us, request_*_us, rps_p*,
// *_samples, runqueue_delay_*) into `values`.  `rps` is requests in the
// window / the window, or with `compat` schbench's total / nominal runtime.
void add_wakeup_metrics(const WakeupData& data, bool compat, double nominal_s,
                        MetricValues& values);

// The raw histogram for the result file, self-describing: count, min, max
// and every non-empty bin as [low_ns, high_ns, count] (fio keeps its bins
// too), so percentiles can be recomputed and curves drawn later.
ordered_json histogram_json(const sl_hist& h);

// schbench's three blocks (Wakeup, Request, RPS percentiles with the starred
// line) and "average rps", from the same values; latencies in microseconds.
std::string format_schbench_blocks(const WakeupData& data, const MetricValues& values, bool pipe);

}  // namespace schedlab
