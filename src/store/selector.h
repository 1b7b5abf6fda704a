#pragma once
// Store selectors, accepted by `compare` beside result files:
//   @kernel=PATTERN  @label=PATTERN  @host=PATTERN  @spec=ID  @id=N  N (a bare id)
// PATTERN takes shell wildcards (* and ?).  Each selector stands for every
// matching set, oldest first.
#include <optional>
#include <string>

#include "store/store.h"

namespace schedlab::store {

// Whether `arg` is meant as a selector: it starts with '@', or it is a
// whole number that is not the name of an existing file.
bool is_selector(const std::string& arg);

// The filter a selector stands for.  Throws UsageError naming the selector
// and what is allowed, or the longest pattern (set_filter.h).
SetFilter parse_selector(const std::string& arg);

}  // namespace schedlab::store

namespace schedlab::store {

// The ids of the sets `arg` stands for (restricted to `workload` when not
// empty); UsageError when it matches nothing.
std::vector<std::int64_t> select_ids(Store& store, const std::string& arg, const std::string& workload);

// The documents `arg` stands for, restricted to `workload` when not empty;
// stored sets the reader refuses are skipped and named (Store::load).
// Throws UsageError when it matches nothing, or nothing valid, saying so.
std::vector<SetDocument> select_sets(Store& store, const std::string& arg, const std::string& workload);

}  // namespace schedlab::store
