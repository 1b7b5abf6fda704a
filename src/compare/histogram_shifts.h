#pragma once
// How each histogram the runs stored moved between the baseline and every
// other set: the p50, p90 and p99 of each set's pooled histogram, their
// ratio with a bootstrap interval over runs and a permutation p-value over
// runs (stats/quantile_shift.h), paired by block when the comparison is.
//
// The shifts are side claims, like the probe metrics under "what changed
// underneath", and are corrected as those are: Benjamini-Hochberg over a
// family, a shift flagged when its q is <= alpha.  Their family is their
// own — every histogram x quantile x set — not the side metrics': a
// permutation p over runs has a floor (1 / 4999 sampled, 2 / 1024 for 10
// paired blocks) that the side metrics' dozens of Welch tests would push
// out of reach, and each family's list keeps its own false-discovery rate
// (docs/statistics.md).
#include <cstddef>
#include <string>
#include <vector>

#include "core/result.h"
#include "stats/quantile_shift.h"

namespace schedlab {

struct HistogramShift {
  std::size_t set = 0;            // the set compared with the baseline (index into the sets)
  std::string histogram;          // "bpf_runq_latency", "wakeup" (compare/run_histograms.h)
  std::string unit;               // of the quantiles: "ns"
  stats::QuantileShift shift;
  std::size_t base_runs = 0, runs = 0;  // runs that carried it (paired: the blocks both did)
  double smallest_p = 1;          // the smallest p these runs could give
  double q_value = 1;             // Benjamini-Hochberg adjusted over the family
  bool flagged = false;           // q <= alpha
};

struct HistogramShifts {
  std::vector<HistogramShift> shifts;  // by set, histogram (the baseline's order), quantile
  bool paired = false;                 // runs matched by block
  double confidence = 0.95;            // of the intervals (unadjusted)
  std::size_t tests = 0;               // the family's size
  std::vector<std::string> problems;   // histograms or runs left out, one line each
};

// Every histogram of the baseline's runs, each PASS set against the
// baseline.  A run whose histogram is not laid out as schedlab writes it is
// left out (said in `problems`); runs with no values in it are left out;
// a histogram needs values in 2 runs of each set (paired: 2 shared blocks).
// `options` sets the resampling (its quantiles, confidence and `paired` are
// this function's).
HistogramShifts histogram_shifts(const std::vector<ResultSet>& sets, bool paired, double alpha,
                                 stats::QuantileShiftOptions options = {});

}  // namespace schedlab
