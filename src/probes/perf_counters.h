#pragma once
// The engine of the perf-sw and perf-hw probes: one counter group per task
// of every copy's process tree, opened with inherit while the copies wait
// at their start barrier, so children, threads and exec'd programs born
// later are counted too; read (never reset: a reset leaves folded child
// counts behind) at both edges of the window.
#include <memory>
#include <string>
#include <vector>

#include "probes/probe.h"
#include "sys/perf_event.h"

namespace schedlab {

// One counted event and how its count becomes a metric.
struct PerfMetric {
  sys::PerfEventSpec event;
  std::string name;         // metric name; its _per_loop variant is added
  std::string unit;         // of the metric
  double scale = 1;         // count * scale = value in `unit` (task clock: ns -> ms)
  std::string description;
};

// A probe counting `metrics` on the copies' task trees.
std::unique_ptr<Probe> make_perf_counters_probe(ProbeInfo info, std::vector<PerfMetric> metrics);

// The specs of `metrics` with their per-loop variants.
std::vector<MetricSpec> perf_metric_specs(const std::vector<PerfMetric>& metrics);

}  // namespace schedlab
