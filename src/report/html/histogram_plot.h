#pragma once
// One stored histogram (compare/run_histograms.h) of every PASS set,
// overlaid: each set's runs pooled, the share of its values per quarter
// octave against the value on a log axis, so a shift reads as a sideways
// move and a new mode as a second hump.  Dots at the quantiles compare
// tested (compare/histogram_shifts.h), their shift against the baseline
// in the tooltip.
#include <string>
#include <vector>

#include "compare/comparison.h"

namespace schedlab::html {

// "" when no set has values in histogram `name`.  Runs whose histogram
// cannot be read are left out and said in `problems`.  data-points counts
// the buckets drawn and the dots.
std::string histogram_plot(const Comparison& c, const std::string& name, std::vector<std::string>& problems);

}  // namespace schedlab::html
