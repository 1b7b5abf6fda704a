#pragma once
// What each reported regression's thread went looking for, beside the
// suite lkml's headline table: the autogroup report's idle share and
// migrations, the shell report's migrations and run delay, the exec loop's
// system time and faults per exec, schbench's PSI and wakeup latency.
#include <string>
#include <vector>

#include "core/result.h"
#include "workloads/builtin.h"

namespace schedlab {

struct Evidence {
  std::string question;              // what the thread asked, in a few words
  std::vector<std::string> metrics;  // the figures that answer it
};

// The evidence a suite scenario's sets hold: per metric, each set's mean and
// its change against the first set (marked '*' when significant), or why a
// metric was not recorded (the probe of `registries` that records it and
// its reason).
std::string format_evidence(const Evidence& evidence, const std::vector<ResultSet>& sets,
                            const Registries& registries);

}  // namespace schedlab
