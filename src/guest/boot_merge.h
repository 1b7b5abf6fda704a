#pragma once
#include <vector>

#include "core/result.h"

namespace schedlab::guest {

// Where one boot stands in a `schedlab kernels` invocation.
struct BootPlace {
  int boot = 1;            // 1-based, among this kernel's boots
  int block = 1;           // the randomized block the boot ran in (1-based)
  int runs_per_block = 1;  // runs the guest made of each variant (its --runs)
  int sequence = 0;        // runs of the whole invocation before this boot's
};

// Adds the sets one boot brought back (one per --vary variant, in the same
// order as `sets`) to a kernel's sets.  Each run keeps its values and gets
// its boot, a block that pairs it with the run in the same place of the
// other kernels' boots of that block — (block - 1) x runs_per_block + the
// run's own block inside the guest (its index without --vary) — and its
// sequence in the whole invocation; run indexes and the runs' warnings are
// renumbered.  The first boot that delivers gives a set its description
// and environment (the guest's own).  Returns the runs added, warmup runs
// included.  Throws std::runtime_error when the boot's sets do not match.
int add_boot_sets(std::vector<ResultSet>& sets, std::vector<ResultSet> from_boot, const BootPlace& place);

}  // namespace schedlab::guest
