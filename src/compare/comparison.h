#pragma once
#include <optional>
#include <string>
#include <vector>

#include "compare/underneath.h"
#include "core/result.h"
#include "stats/significance.h"

namespace schedlab {

struct CompareOptions {
  stats::TestKind test = stats::TestKind::kWelch;
  double alpha = 0.05;
  bool paired = false;                // pair runs by --vary block
  std::vector<std::string> metrics;   // empty: primary, CPU split, rusage
  bool force = false;                 // compare sets whose workload specs differ
};

// One set's figures for one metric, and its comparison with the baseline.
struct Cell {
  std::vector<double> values;  // raw per-run values
  Summary summary;             // mean is the arithmetic mean, stddev the sample one
  bool harmonic = false;       // mmtests uses Hmean for higher-is-better metrics
  double center = 0;           // Amean or Hmean
  double spread = 0;           // Stddev or HStddev
  double change_pct = 0;       // mmtests convention: positive = better
  double relative_pct = 0;     // plain relative change of the mean (LKP)
  std::optional<stats::TestResult> test;  // against the baseline (not for the baseline)
  std::optional<stats::Interval> change_interval_pct;  // CI of the relative change of the mean
  double effect_size = 0;      // Hedges' g
};

struct ComparedMetric {
  MetricSpec spec;
  std::vector<std::optional<Cell>> cells;  // per set; nullopt when the set has no values
};

// Every set of the files, in order (the first is the baseline), compared
// metric by metric.
struct Comparison {
  std::vector<ResultSet> sets;
  std::vector<ComparedMetric> metrics;
  CompareOptions options;
  std::vector<std::string> notes;  // tests that could not run, sets not compared
  std::vector<UnderneathChange> underneath;  // probe metrics that changed (compare/underneath.h)
};

// Builds the comparison.  Throws UsageError when the workload specs differ
// (naming the difference) without `force`, when a requested metric is
// unknown, or when --paired sets have no block indices.
Comparison build_comparison(std::vector<ResultSet> sets, const CompareOptions& options);

// The metrics compared by default for a set.
std::vector<std::string> default_metrics(const ResultSet& set);

}  // namespace schedlab
