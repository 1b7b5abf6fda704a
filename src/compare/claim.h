#pragma once
// What a reported regression claims, as an A/B schedlab can run on one
// machine, and the answer a run of it gives: reproduced (the effect, with
// its interval, in the report's direction), not reproduced here (the
// interval excludes the report's size), or cannot tell (with the blocks it
// would take) — never "not significant" passed off as "no regression".
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "core/result.h"
#include "stats/significance.h"
#include "workloads/builtin.h"

namespace schedlab {

struct Claim {
  std::string metric;
  // The two sides by what their --vary assignment set ("autogroup" "off").
  std::vector<std::pair<std::string, std::string>> base, changed;
  std::string effect;                  // "autogroup on vs off", for people
  std::optional<double> reported_pct;  // the report's change of the metric's mean; none: measured only
  std::string reported;                // "-10%, x86_64, v6.13.1"
  // The report compares two kernels: one kernel's A/B is the mechanism, not
  // the claim (suite lkml --kernels GOOD,BAD compares them).
  bool between_kernels = false;
};

enum class ClaimVerdict { kReproduced, kNotReproduced, kCannotTell, kMeasured, kMeasurementProblem, kNoData };

struct ClaimAnswer {
  ClaimVerdict verdict = ClaimVerdict::kNoData;
  double change_pct = 0;
  std::optional<stats::Interval> interval_pct;
  std::optional<double> mde_pct;
  std::size_t blocks_needed = 0;  // for the reported size, when it cannot tell
  std::string test;               // "paired-t"
  std::string why;                // what the verdict rests on, one clause
};

// Judges the claim on the sets of one result file (an interleaved --vary
// experiment): the base and changed sets found by their assignments.
ClaimAnswer judge_claim(const Claim& claim, const std::vector<ResultSet>& sets, const Registries& registries,
                        double alpha = 0.05);

// The sets in the claim's order: its base first, its changed side second,
// the others after, so that a table beside the verdict reads in its direction.
std::vector<ResultSet> in_claim_order(const Claim& claim, std::vector<ResultSet> sets);

// "reproduced", "not reproduced here", "cannot tell", ...
std::string to_string(ClaimVerdict verdict);

}  // namespace schedlab
