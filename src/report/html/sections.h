#pragma once
// The parts of the report, each a function from what it shows to markup.
// A part with nothing to show returns "" and is left out of the page.
#include <string>
#include <vector>

#include "compare/comparison.h"
#include "report/html/report.h"

namespace schedlab::html {

// compare's table as HTML, and as compare prints it (mmtests style).
std::string comparison_part(const Comparison& c);
// compare's notes, and every warning the sets carry (busy runs, fidelity).
std::string warnings_part(const Comparison& c);
// The keys of environment, scenario and workload that differ.
std::string differences_part(const std::vector<ResultSet>& sets);
// A strip plot per compared metric.
std::string runs_part(const Comparison& c);
// Wakeup and request latency curves from the stored histograms.
std::string latency_part(const std::vector<ResultSet>& sets);
// Every stored histogram (bpf probe, wakeup) overlaid per set, and how
// its quantiles moved (compare's "Histograms" lines).
std::string histograms_part(const Comparison& c);
// The CPU split, of all CPUs and of the runs' CPU set.
std::string cpu_part(const std::vector<ResultSet>& sets);
// The store's history of the primary metric with its change points.
std::string trend_part(const ReportInput& input);
// Each set: status, runs, the build that measured and its command line.
std::string sets_part(const std::vector<ResultSet>& sets);

}  // namespace schedlab::html
