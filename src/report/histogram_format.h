#pragma once
// How each histogram moved (compare/histogram_shifts.h) in each compare
// style: a "Histograms" block of text lines below the metrics table (the
// terminal styles, markdown, and so --vary's closing comparison), a CSV
// table of its own, a JSON array with the family it was corrected in.
#include <string>

#include "compare/comparison.h"

namespace schedlab {

// "12.35us", "812ns", "1.20ms": a time in nanoseconds in the unit that
// keeps it below 1000.
std::string time_text(double ns);
// A change in % in at most 6 characters: "+15.0", "-2.1", "+1234", and
// from +10000% on the ratio, "x681" (a bimodal quantile's interval).
std::string pct_text(double pct);

// "" when no histogram was compared and none was left out; else a heading
// and one line per histogram x quantile, within 80 columns:
// "    bpf_runq_latency p99   1.20ms   1.90ms  +58.3% [+20.1, +99.0] q = 0.003 *".
std::string format_histograms_text(const Comparison& c);
// A CSV table after a blank line, with its own header.
std::string format_histograms_csv(const Comparison& c);
// {"family": {...}, "shifts": [...], "left_out": [...]}.
ordered_json histograms_json(const Comparison& c);

}  // namespace schedlab
