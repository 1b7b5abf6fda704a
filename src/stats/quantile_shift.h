// How the quantiles of a distribution moved between two sets of runs, when
// each run recorded a histogram of it on the same bins: the quantiles of
// each set's pooled histogram (its runs' counts added), their ratio new /
// baseline, an interval for the ratio and a p-value for "no shift".
//
// The run, not the event, is the independent unit.  The events of one run
// share its machine state (a run that lands on a slow moment moves all its
// events at once), so resampling events would give intervals as narrow as
// the event count allows and flag every A/A.  Both procedures resample runs:
//
// - Interval: percentile bootstrap over runs (Efron and Tibshirani 1993, An
//   Introduction to the Bootstrap, ch. 13): draw each set's runs with
//   replacement — or, paired, draw blocks and keep both runs of each —
//   pool, take the quantiles; the interval is the (1 - c)/2 and (1 + c)/2
//   quantiles of the ratios over the resamples.
// - p-value: permutation test over runs (Good 2005, Permutation, Parametric
//   and Bootstrap Tests of Hypotheses, ch. 3): without a shift, the runs are
//   exchangeable between the sets (paired: the two runs of a block), so the
//   relabellings give the null distribution of |log ratio|.  Every
//   relabelling when there are at most `permutations` of them (exact), else
//   that many drawn at random, p = (1 + #{at least as far}) / (1 + R).
//   Unlike the bootstrap, which is too narrow with few runs, it keeps its
//   level at any number of runs: this p is what decides a flag, and the
//   smallest it can be is stated (3 runs a side: 1 / 10, never flagged).
//
// Deterministic for a given seed on every standard library
// (stats/random_draws.h).
#pragma once
#include <cstddef>
#include <cstdint>
#include <vector>

#include "stats/significance.h"

namespace schedlab::stats {

// A bin of the histograms: [lower, upper), in their unit.
struct HistogramBin {
  double lower = 0, upper = 0;
};

// The runs of two sets on shared bins: `base[r][i]` is run r's count in
// bins[i].  Paired: base[k] and other[k] ran in the same block.
struct BinnedRuns {
  std::vector<HistogramBin> bins;  // ascending, not overlapping
  std::vector<std::vector<double>> base, other;
};

struct QuantileShiftOptions {
  std::vector<double> quantiles{0.5, 0.9, 0.99};  // ascending, in (0, 1]
  double confidence = 0.95;                       // of the bootstrap interval
  bool paired = false;
  int resamples = 1999;     // bootstrap resamples
  int permutations = 4999;  // the most relabellings drawn; every one when there are fewer
  std::uint64_t seed = 20261203;
};

struct QuantileShift {
  double quantile = 0;          // 0.5
  double base = 0, other = 0;   // the pooled histograms' quantiles, in the bins' unit
  double ratio = 1;             // other / base
  Interval ratio_interval;      // bootstrap percentile interval of the ratio
  double p_value = 1;           // permutation test of "no shift"
};

struct QuantileShifts {
  std::vector<QuantileShift> shifts;  // in the order of the options' quantiles
  std::size_t relabellings = 0;       // permutations the p-values came from
  bool exact = false;                 // every relabelling, not a random sample
  double smallest_p = 1;              // the smallest p-value these runs could give
};

// The pooled histogram's value below which a fraction q of the counts lie:
// nearest rank, the counts inside a bin taken as spread evenly over it (the
// bpf probe's reading, probes/bpf_histograms.h).  `counts` is per bin;
// their total must be > 0.
double pooled_quantile(const std::vector<HistogramBin>& bins, const std::vector<double>& counts, double q);

// Throws std::invalid_argument when a set has fewer than 2 runs (paired:
// fewer than 2 blocks, or sets of unequal length), a run is empty or does
// not match the bins, or an option is out of range.
QuantileShifts quantile_shifts(const BinnedRuns& runs, const QuantileShiftOptions& options);

}  // namespace schedlab::stats
