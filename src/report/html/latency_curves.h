#pragma once
// Latency percentile curves from the histograms a wakeup run stores
// (runs[].details.histograms.KIND, docs/result-file.md; read by
// compare/run_histograms.h).
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "core/result.h"

namespace schedlab::html {

// The percentiles people quote, which every curve carries exactly.
inline constexpr double kQuotedPercentiles[] = {50, 90, 99, 99.9, 99.99};

struct CurvePoint {
  double percentile = 0;  // in (0, 100)
  double latency_us = 0;
};

// One set's distribution: the histograms of all its runs added together,
// read at percentiles spaced evenly on a log scale of 1 / (1 - p/100) and
// at the quoted ones, as deep as the samples allow (p99.99 needs 10,000).
struct LatencyCurve {
  std::size_t set = 0;    // index into the sets
  std::uint64_t samples = 0;
  double max_us = 0;
  std::vector<CurvePoint> points;
};

// The curves of histogram `kind` ("wakeup", "request"), one per PASS set
// whose runs stored one.  A histogram that does not have the layout schedlab
// writes (foreign bin edges, counts that do not add up) is left out and
// said in `problems`, one line each.
std::vector<LatencyCurve> latency_curves(const std::vector<ResultSet>& sets, const std::string& kind,
                                         std::vector<std::string>& problems);

// The latency at one of the quoted percentiles (50, 90, 99, 99.9, 99.99),
// read as schedlab reads it elsewhere (sl_hist_percentile: the midpoint of
// the first bin reaching it); nullopt when the curve does not reach it.
std::optional<double> latency_at(const LatencyCurve& curve, double percentile);

}  // namespace schedlab::html
