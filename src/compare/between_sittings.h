#pragma once
// Sequential comparisons that know this machine's drift.
//
// Two sets measured one after the other are two sittings: their means
// differ by the runs' spread and by whatever state each sitting met
// (stats/variance_components.h; Kalibera & Jones 2013).  When the caller
// hands in the store's past sittings of the baseline's spec on its host,
// the between-sitting variance of each compared metric is estimated from
// them (one-way random effects, ANOVA estimators) and each sequential set
// on the same host is tested against within-set *and* between-sitting
// variation — the p-value, the interval, the significance mark and the
// smallest detectable change all count it — and a note says which was
// used and how many past sittings informed it.  Without (enough) history
// the Welch test stands, and its drift note says plainly that two sittings
// are compared.  Interleaved sets (paired) and a test asked with --test
// are left as they are: blocks share their sitting.
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "core/result.h"
#include "stats/variance_components.h"

namespace schedlab {

struct Comparison;

// The store's past sittings of the baseline's spec on its host, not
// counting the compared sets themselves (the caller reads the store).
struct SittingHistory {
  std::vector<std::vector<ResultSet>> sittings;
  std::string host;     // the baseline's
  std::string problem;  // why none was read, when none was
};

// Per compared set: whether the between-sitting model was used.
struct BetweenSittingUse {
  bool applied = false;
  std::size_t sittings = 0;            // past sittings that informed it
  double primary_between_pct = 0;      // the primary metric's between-sitting SD, % of the baseline mean
  std::optional<double> welch_p;       // what the within-only test said, for the note
  std::string why_not;                 // when not applied
};

// Applies the model to every sequential cell (see above); fills c.between
// and adds the notes.  A no-op for paired or asked tests.
void apply_between_sittings(Comparison& c);

}  // namespace schedlab
