// The verdicts of `schedlab check` for git bisect run: a group-sequential
// procedure with a stated error rate.
//
// check looks at the evidence after every batch of runs.  Each look k
// computes a repeated confidence interval (Jennison & Turnbull 1989) of the
// change of the primary metric against the good baseline, on the log scale
// (a ratio, so that 10% slower and 10% faster weigh alike): Δ ± t_k SE with
// Welch's SE and df, where t_k is the t critical value for the nominal
// p-value of the Lan–DeMets Pocock-type boundary c_k of that look
// (stats/sequential.h).  These intervals cover the true change at every
// look at once with probability >= 1 - alpha, so deciding at any look is
// wrong with probability <= alpha:
// - against a good baseline and a threshold T (% loss): good when the
//   whole interval of the loss lies below T, bad when it lies above,
//   otherwise look again; after the last look, undecided (exit 125).
// - with a bad baseline too, T is half the way from good to bad: good when
//   the interval lies on the good side of it, bad on the bad side.
// (Jennison & Turnbull 2000, Group Sequential Methods with Applications to
// Clinical Trials, ch. 9 repeated confidence intervals; Lan & DeMets 1983,
// Biometrika 70:659–663, the spending function.)  git-bisect(1)'s "bisect
// run" reads the exits: 0 good, 1 bad, 125 skip.
//
// Sequential sittings: the baseline and the current runs were measured at
// different times, and the machine's state between them is a source of
// difference of its own (check/sitting_model.h).  The interval's variance
// gains 2 s2_b, with Satterthwaite's df (history), or the interval gains a
// margin on each side (the baseline's own states); with neither a "bad" is
// withheld (undecided, exit 125), since nothing tells it from a machine that
// moved.  Interleaved (--interleave): each block holds one run of each side,
// the interval is the paired one on the blocks' log differences, with the
// same looks (information ∝ blocks).
#pragma once
#include <cstddef>
#include <span>
#include <string>
#include <vector>

#include "check/sitting_model.h"
#include "core/metric.h"
#include "stats/significance.h"

namespace schedlab {

enum class Verdict { kGood, kBad, kUndecided };
const char* to_string(Verdict v);
int exit_status(Verdict v);  // 0, 1, 125

// The looks a check may take, fixed before the first run (their timing
// must not depend on the data): after every `batch` runs up to `max_runs`,
// against a baseline of `baseline_runs`.
struct LookPlan {
  double alpha = 0.05;
  std::vector<std::size_t> runs;      // current runs at each look
  std::vector<double> information;    // fractions t_k, from the sample sizes alone
  std::vector<double> z_bounds;       // c_k
  std::size_t looks() const { return runs.size(); }
};
LookPlan plan_looks(std::size_t baseline_runs, std::size_t batch, std::size_t max_runs, double alpha);
// The looks of an interleaved check: after every `batch` blocks up to
// `max_blocks` (information ∝ blocks).
LookPlan plan_paired_looks(std::size_t batch, std::size_t max_blocks, double alpha);

struct Decision {
  Verdict verdict = Verdict::kUndecided;
  double change_pct = 0;           // of the metric: exp(Δ) - 1, in %
  stats::Interval interval_pct;    // the repeated confidence interval of that change
  double critical_t = 0;           // t_k of this look
  double df = 0;                   // of that t
  std::size_t look = 0;            // 1-based
  // The interval lay beyond the threshold, but the between-sitting spread
  // is unknown: "bad" withheld (the verdict is undecided).
  bool bad_withheld = false;
  // The share of the interval that is between sittings: of its variance
  // (history), of its half-width (a margin from the baseline's states).
  double between_share = 0;
};

// Look `look` (1-based; the number of current runs must be the plan's) at
// `current` against `good` with a threshold of `threshold_pct` loss.
// `model` says how the two sittings may differ by the machine alone.
Decision decide_against_good(std::span<const double> good, std::span<const double> current, Better better,
                             double threshold_pct, const LookPlan& plan, std::size_t look,
                             const SittingModel& model);
// The same with the bad baseline: the threshold is half the good-to-bad loss.
Decision decide_between(std::span<const double> good, std::span<const double> bad,
                        std::span<const double> current, Better better, const LookPlan& plan,
                        std::size_t look, const SittingModel& model);
// Interleaved: good[i] and current[i] ran in block i (plan_paired_looks).
Decision decide_paired(std::span<const double> good, std::span<const double> current, Better better,
                       double threshold_pct, const LookPlan& plan, std::size_t look);

// The loss (%) of `bad` against `good` (positive = worse); check refuses a
// "bad" baseline that is not worse.
double loss_pct(std::span<const double> good, std::span<const double> bad, Better better);

// The half-width, in percent of its mean, that the good baseline's own
// spread leaves in the interval however many current runs are made
// (t quantile of the baseline's n - 1 df times its standard error).  When it
// is near the threshold, only a better baseline (more runs) can decide.
double baseline_limit_pct(std::span<const double> good, double alpha);

}  // namespace schedlab
