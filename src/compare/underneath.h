#pragma once
// "What changed underneath": after the headline rows, the kernel evidence
// the probes recorded that moved significantly between the baseline and a
// set — counts per loop (per request for wakeup), ordered by effect size —
// so that a comparison says not only that a kernel got slower but where.
#include <optional>
#include <string>
#include <vector>

#include "core/result.h"
#include "probes/probe.h"
#include "stats/significance.h"

namespace schedlab {

struct UnderneathChange {
  size_t set = 0;           // the set compared with the baseline (index into the sets)
  std::string metric;       // "cpu_migrations_per_loop"
  std::string shown;        // "cpu_migrations/loop"
  std::string unit;
  double base_mean = 0, mean = 0;
  double change_pct = 0;    // plain relative change of the mean
  double p_value = 1;       // the test's own
  double q_value = 1;       // Benjamini-Hochberg adjusted over the whole family
  double effect_size = 0;   // Hedges' g
};

// The family of tests behind "what changed underneath": every probe metric
// of every set against the baseline.  Dozens of side metrics tested at alpha
// each would list noise in most A/A experiments, so a change is listed only
// when its Benjamini-Hochberg adjusted p (its q) is <= alpha: the expected
// share of false discoveries among the listed is then <= alpha.
struct Underneath {
  std::vector<UnderneathChange> changes;  // q <= alpha, by set, largest |effect| first
  stats::TestKind test = stats::TestKind::kWelch;
  std::size_t tests = 0;                  // the family's size
};

// For every set after the first, the metrics of `probes` (their per-loop form
// where the probe recorded one) not in `headline` whose difference from the
// first set survives the false-discovery control at `alpha`.  Sets that are
// not PASS, metrics a set lacks and tests that cannot run are left out.
// The headline's paired test and the overlap rule give no p-value per side
// metric that BH could adjust: those use Welch (said in the output).
Underneath what_changed_underneath(const std::vector<ResultSet>& sets, const std::vector<std::string>& headline,
                                   const ProbeList& probes, stats::TestKind test, double alpha);

// "q < 0.001", "q = 0.012".
std::string q_text(double q);

}  // namespace schedlab
