#pragma once
#include <string>

#include "core/result.h"
#include "workloads/wakeup_report.h"

namespace schedlab {

// schbench's -j JSON (masoncl/schbench 24e32b8), so that scripts reading it
// keep working: {"normal": {version, jobname?, hostname, sched_ext,
// cmdline}, "int": {time, wakeup_latency_pct20.0 ... _max, request_latency_
// ..., rps_..., runtime}}, latencies in whole microseconds, rps per second;
// request and rps keys are absent in pipe mode, as in schbench.
ordered_json schbench_json(const WakeupData& data, const MetricValues& values, const std::string& jobname,
                           bool pipe, double runtime_s);

// Writes it to `path` ("-": stdout) as schbench does: one line.
void write_schbench_json(const std::string& path, const ordered_json& j);

}  // namespace schedlab
