#pragma once
// The report's "Where the time went": for every set with a profile its
// flame graph (all its runs' samples) beside a table of its top frames,
// and for every compared set a differential flame graph against the
// baseline beside compare's tested changes (compare/profile_changes.h).
#include <string>

#include "compare/comparison.h"

namespace schedlab::html {

// "" when no set has a profile.
std::string profile_part(const Comparison& c);

}  // namespace schedlab::html
