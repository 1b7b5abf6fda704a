#pragma once
#include <string>
#include <vector>

#include "core/result.h"

namespace schedlab::html {

// Where the CPU time went in the windows, one stacked bar per set:
// the mean over the runs of each part of the /proc/stat split (user, nice,
// sys, iowait, irq, softirq, steal, idle).  `prefix` picks the scope:
// "cpu_" (all CPUs) or "set_cpu_" (the run's CPU set).  Sets that are not
// PASS are not compared, so not drawn.  Empty when no set has that split.
// data-points counts the segments drawn.
std::string cpu_split_plot(const std::vector<ResultSet>& sets, const std::string& prefix);

// Whether the split of the runs' CPU set says nothing the split of all
// CPUs does not: every set ran on every online CPU (no --cpus, or --cpus
// naming them all, as the environment records them).  The two splits of
// such a set still differ by a few tenths of a point (/proc/stat's per-CPU
// lines and its total are rounded apart), so the values cannot tell.
bool cpu_set_split_is_redundant(const std::vector<ResultSet>& sets);

}  // namespace schedlab::html
