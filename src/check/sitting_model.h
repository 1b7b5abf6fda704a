#pragma once
// What check knows about how far this spec moves between sittings on this
// machine, so that a "bad" verdict is given only beyond it.
//
// The baseline and the current runs are two sittings: besides their runs'
// spread, each mean carries the sitting's own random effect (the machine's
// speed state, a neighbour, a boot), with variance s2_b
// (stats/variance_components.h; Kalibera & Jones 2013).  The difference of
// their mean logs then has variance s2_g/n_g + s2_c/n_c + 2 s2_b, and the
// repeated confidence interval is widened by it.  s2_b comes from:
// - history: the store's past sittings of the same spec on the same host,
//   with the baseline's own sitting (ANOVA estimate, k - 1 df);
// - the baseline's own two modes (stats/set_spread.h): two machine states
//   met in one sitting.  One sitting says nothing of how often the states
//   come, so no variance can be estimated from it (as one was at first,
//   w (1 - w) d^2 with 1 df: t at 1 df made a 10x slowdown "cannot tell").
//   What it does bound is how far the machine alone can move a sitting's
//   mean: a sitting spent wholly in one of the seen states sits
//   max(w, 1 - w) |d| from the baseline's mean, for a share w of the runs
//   in the lower mode and modes d apart on the log scale.  That is a
//   margin added to each side of the interval (a known bias bound), not a
//   variance;
// - the baseline's own drift over run order (when it has no two modes):
//   a steady slide whose halves are d apart spans about 2|d|, so its ends
//   lay about |d| from the baseline's mean: a margin of |d|;
// the larger offset when several are known (history: the SD of two
// sittings' difference, sqrt(2 s2_b); a margin: itself).  With neither, s2_b is unknown: check
// may still say "good" from the runs' spread, but never "bad" — it says
// 125 and what it would need (past sittings, or --interleave).
// Interleaved blocks share their sitting: no between term (kSameSitting).
#include <cstddef>
#include <span>
#include <string>
#include <vector>

#include "stats/modality.h"

namespace schedlab {

struct SittingModel {
  enum class Source { kUnknown, kSameSitting, kHistory, kBaselineModes, kBaselineDrift };
  Source source = Source::kUnknown;
  double between = 0;        // s2_b of one sitting's mean, log scale (history)
  double df = 0;             // of that estimate
  std::size_t sittings = 0;  // sittings that informed it (history: past ones plus the baseline)
  double margin = 0;         // the bound added to each side of the interval, log scale (modes, drift)

  static SittingModel same_sitting() { return {Source::kSameSitting, 0, 0, 0, 0}; }
  bool known() const { return source != Source::kUnknown; }
  // How far the machine alone may set two sittings apart, log scale: the
  // margin, or the SD of two sittings' difference sqrt(2 s2_b).
  double offset() const;
  // As a percentage: the margin's exp(m) - 1, or the between-sitting SD's
  // exp(sqrt(s2_b)) - 1.
  double between_pct() const;
  // "between sittings ±3.2% (from 6 sittings of this spec on this host)".
  std::string describe() const;
};

// From past sittings' log values and the baseline's (one more sitting);
// kUnknown with fewer than stats::kMinSittings sittings in all.
SittingModel model_from_history(const std::vector<std::vector<double>>& past_logs,
                                std::span<const double> baseline_logs);
// From the baseline's two modes, tested on its logs.
SittingModel model_from_modes(const stats::ModesTest& modes);
// From the baseline's drift: its logs in run order, halved.
SittingModel model_from_drift(std::span<const double> logs_in_order);
// The one with the larger offset() of two known models; the known one of a known and an unknown.
SittingModel larger(const SittingModel& a, const SittingModel& b);

}  // namespace schedlab
