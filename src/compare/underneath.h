#pragma once
// "What changed underneath": after the headline rows, the kernel evidence
// the probes recorded that moved significantly between the baseline and a
// set — counts per loop (per request for wakeup), ordered by effect size —
// so that a comparison says not only that a kernel got slower but where.
#include <optional>
#include <string>
#include <vector>

#include "core/result.h"
#include "stats/significance.h"

namespace schedlab {

struct UnderneathChange {
  size_t set = 0;           // the set compared with the baseline (index into the sets)
  std::string metric;       // "cpu_migrations_per_loop"
  std::string shown;        // "cpu_migrations/loop"
  std::string unit;
  double base_mean = 0, mean = 0;
  double change_pct = 0;    // plain relative change of the mean
  std::optional<double> p_value;  // none for the overlap rule, which is not a test
  double effect_size = 0;   // Hedges' g
};

// For every set after the first, the probe metrics (their per-loop form
// where the probe recorded one) not in `headline` whose difference from the
// first set the test finds significant at `alpha`, largest |effect| first.
// Sets that are not PASS, metrics a set lacks and tests that cannot run are
// left out.  (With --paired the headline pairs runs; this uses Welch.)
std::vector<UnderneathChange> what_changed_underneath(const std::vector<ResultSet>& sets,
                                                      const std::vector<std::string>& headline,
                                                      stats::TestKind test, double alpha);

// "p < 0.001", "p = 0.012"; "overlap" for the overlap rule (no p-value).
std::string p_text(std::optional<double> p);

}  // namespace schedlab
