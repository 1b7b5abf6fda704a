#pragma once
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "compare/between_sittings.h"
#include "compare/histogram_shifts.h"
#include "compare/notes.h"
#include "compare/profile_changes.h"
#include "compare/underneath.h"
#include "core/result.h"
#include "stats/sentinel_tracking.h"
#include "stats/significance.h"
#include "workloads/builtin.h"

namespace schedlab {

struct CompareOptions {
  // The test as asked (--test, --paired); without one, the design decides
  // (decide_test): paired by block when every set's runs were interleaved in
  // blocks (--vary, kernels' boots), else Welch's.  build_comparison fills
  // `test` and `paired` with what it used and `design` with why.
  bool test_given = false;
  stats::TestKind test = stats::TestKind::kWelch;
  double alpha = 0.05;
  double power = 0.8;                 // for the minimum detectable effect
  bool paired = false;                // pair runs by block
  std::string design;                 // "the runs were interleaved in blocks", "as asked (--test mwu)"
  std::vector<std::string> metrics;   // empty: the primary and the workload's key metrics
  bool force = false;                 // compare sets whose workload specs differ
  bool all_notes = false;             // the terminal styles print every note in full
  // "Where the time went" (compare/profile_changes.h): the share floor and
  // the most functions shown per comparison.
  double profile_floor_pct = 1.0;
  std::size_t profile_rows = 10;
  // The store's past sittings of the baseline's spec on its host, for the
  // between-sitting model of sequential sets (compare/between_sittings.h);
  // null: none read.
  std::shared_ptr<const SittingHistory> history;
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
  // CI of the relative change of the mean, from the same test as the
  // p-value: paired with --paired, else Welch's.
  std::optional<stats::Interval> change_interval_pct;
  std::string interval_method;  // "welch" or "paired-t"
  double effect_size = 0;      // Hedges' g
  // The smallest change of the mean this comparison could have detected
  // with `power` at `alpha`, in the metric's unit and in % of the baseline.
  std::optional<double> mde, mde_pct;
};

struct ComparedMetric {
  MetricSpec spec;
  std::vector<std::optional<Cell>> cells;  // per set; nullopt when the set has no values
};

// Whether the machine ran at another speed during a set than during the
// baseline (the sentinel, runner/sentinel.h), and what the primary metric's
// change is once each run is normalised by its machine speed.
struct SpeedDifference {
  double change_pct = 0;               // sentinel_rate, relative change of the mean
  stats::Interval interval_pct;        // its Welch interval
  double p_value = 1;
  bool significant = false;
  double normalized_change_pct = 0;    // the primary metric per unit of machine speed
  std::optional<double> normalized_p;  // Welch on the normalised values
};

// Whether the work-shaped sentinel tracks the primary metric over the runs
// of the baseline and a set (stats/sentinel_tracking.h), and when it does,
// the change per unit of machine speed (compare/machine_speed.h).
struct WorkSentinelComparison {
  stats::SentinelTracking tracking;
  std::optional<double> normalized_change_pct;  // ratio of geometric means, %
  std::optional<double> normalized_p;           // Welch on the normalised logs
};

// Every set of the files, in order (the first is the baseline), compared
// metric by metric.
struct Comparison {
  std::vector<ResultSet> sets;
  std::vector<ComparedMetric> metrics;
  CompareOptions options;
  std::vector<Note> notes;  // most important first
  std::vector<std::optional<SpeedDifference>> speed;  // per set; none for the baseline
  Underneath underneath;  // probe metrics that changed, under FDR control (compare/underneath.h)
  // Per set after the first, the functions whose share of the profile
  // changed; empty when no set has a profile.
  std::vector<ProfileComparison> profiles;
  // Per set: whether its test counted the between-sitting spread; none for
  // the baseline and for interleaved or asked tests.
  std::vector<std::optional<BetweenSittingUse>> between;
  // Per set: the work sentinel's tracking of the primary metric against the
  // baseline (compare/machine_speed.h); none for the baseline and for sets
  // without it.
  std::vector<std::optional<WorkSentinelComparison>> work_sentinel;
  // How each stored histogram's quantiles moved, every set against the
  // baseline, under their own false-discovery control (compare/histogram_shifts.h).
  HistogramShifts histograms;
};

// The test the sets' design calls for, unless one was asked: sets whose
// every run has a block, and whose blocks the baseline shares, are paired.
void decide_test(const std::vector<ResultSet>& sets, CompareOptions& options);

// Builds the comparison.  Throws UsageError when the workload specs differ
// (naming the difference) without `force`, when a requested metric is
// unknown, or when --paired sets have no block indices.  The workloads and
// probes of `registries` are the ones whose specs, key metrics and probe
// metrics it knows.
Comparison build_comparison(std::vector<ResultSet> sets, const CompareOptions& options, const Registries& registries);

// The metrics compared by default for a set: its primary metric and its
// workload's key metrics.
std::vector<std::string> default_metrics(const ResultSet& set, const WorkloadRegistry& workloads);
// Relative SD of the paired differences of two interleaved sets, matched by
// block (what `plan` and a claim's runs-needed use); nullopt when they share
// fewer than three blocks.
std::optional<double> paired_cv(const ResultSet& a, const ResultSet& b, const std::string& metric);

// The runs' values of `metric` in run order (runs without it skipped).
std::vector<double> values_of(const ResultSet& set, const std::string& metric);
// Every metric with values in the set (compare --all).
std::vector<std::string> all_metrics(const ResultSet& set);

}  // namespace schedlab
