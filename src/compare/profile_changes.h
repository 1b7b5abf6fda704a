#pragma once
// "Where the time went": which functions' shares of the profile samples
// changed between the baseline and a set (the `profile` probe's folded
// stacks, per run).  A share per run is a figure like any other: each
// function's self and children share (profile/function_shares.h) is tested
// run by run — paired by --vary block when the runs of both sets are
// blocked, Welch otherwise — and the family of every function tested in one
// comparison is held to a false discovery rate with Benjamini–Hochberg.
// Only functions at or above a share floor in either set are tested.
#include <cstddef>
#include <optional>
#include <string>
#include <vector>

#include "core/result.h"
#include "stats/significance.h"

namespace schedlab {

struct ProfileOptions {
  double alpha = 0.05;      // false discovery rate of a comparison's functions
  double floor_pct = 1.0;   // tested only at this share or above in either set
  std::size_t rows = 10;    // most changes kept per comparison
  // Pair runs by block when both sets' runs are blocked; compare passes
  // false when its test was asked for unpaired (--test welch, mwu).
  bool pair_blocks = true;
};

enum class ShareKind { kSelf, kChildren };
const char* to_string(ShareKind kind);  // "self", "children"

// A share of samples in percent: the mean over the runs of each run's
// share, and the half-width of its interval at 1 - alpha from the runs'
// variation (none with one run).
struct ShareEstimate {
  double mean_pct = 0;
  std::optional<double> halfwidth_pct;
  std::vector<double> runs_pct;  // each run's share
};

struct FunctionChange {
  std::string function;   // the folded frame: kernel functions end in "_[k]"
  ShareKind kind = ShareKind::kSelf;
  ShareEstimate base, other;
  double change_points = 0;               // other - base, percentage points
  std::optional<stats::Interval> change_interval;  // of change_points, at 1 - alpha
  double p_value = 1;                     // the test's, unadjusted
  double q_value = 1;                     // Benjamini–Hochberg adjusted
  bool significant = false;               // q_value <= alpha
};

// One set against the baseline.
struct ProfileComparison {
  std::string base_label, label;
  std::size_t base_runs = 0, runs = 0;        // runs with a profile
  std::uint64_t base_samples = 0, samples = 0;
  std::string test;                           // "paired-t" or "welch"
  std::size_t tested = 0;                     // shares tested (the family size)
  std::vector<FunctionChange> changes;        // significant, largest |change| first, <= rows
  std::string why_none;                       // why nothing could be tested, when so
};

// The functions whose share changed significantly between `base` and
// `other`, as data (compare's section; suite lkml's verdict lines).
// Throws nothing for sets without profiles: why_none says so.
ProfileComparison compare_profiles(const ResultSet& base, const ResultSet& other, const ProfileOptions& options);

// Whether any run of `set` carries a profile.
bool has_profile(const ResultSet& set);

}  // namespace schedlab
