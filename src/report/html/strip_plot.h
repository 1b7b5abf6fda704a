#pragma once
#include <string>
#include <vector>

#include "compare/comparison.h"

namespace schedlab::html {

// One metric, every set: a dot per run (hollow when the run has a busy
// warning), the set's centre as compare computes it (Hmean or Amean) as a
// bar, and a line through the runs of each --vary block across the sets, so
// a pairing by block can be seen.  data-points counts the dots.
std::string strip_plot(const ComparedMetric& metric, const std::vector<ResultSet>& sets);

}  // namespace schedlab::html
