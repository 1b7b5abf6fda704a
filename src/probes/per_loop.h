#pragma once
// Counts explain a throughput change best per loop: "cpu_migrations/loop
// +41%" says what each fork now costs, while the raw count also moves with
// the number of loops done.  One helper for every probe's counters.
#include <string>
#include <vector>

#include "core/metric.h"
#include "core/result.h"

namespace schedlab {

// The spec of `name` and of `name`_per_loop (unit "UNIT/loop").
std::vector<MetricSpec> counted_metric(const std::string& name, const std::string& unit,
                                       const std::string& description);

// Sets `name` and, when loops > 0, `name`_per_loop.
void set_counted(MetricValues& values, const std::string& name, double value, double loops);

}  // namespace schedlab
