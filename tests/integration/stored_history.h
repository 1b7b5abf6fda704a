#pragma once
// A store holding one spawn set per kernel 6.1.0 .. 6.N.0 whose lps steps
// down from `before` to `after` at 6.STEP.0: a history with one change
// point, for the report's tests.
#include <string>

#include "integration/harness.h"
#include "store/result_file.h"
#include "support/synthetic_sets.h"

namespace schedlab::testing {

// Imports the sets into `dir`/r.db through the real binary; returns the
// store's path.
inline std::string store_with_a_step(const TempDir& dir, int kernels, int step, double before, double after) {
  ResultFile file{"2026-11-30T00:00:00Z", {}};
  for (int minor = 1; minor <= kernels; ++minor)
    file.sets.push_back(synthetic_set({.kernel = "6." + std::to_string(minor) + ".0",
                                       .mean = minor < step ? before : after, .day = minor,
                                       .seed = static_cast<std::uint64_t>(minor)}));
  write_result_file(dir.file("history.json"), file);
  const Outcome imported = run_schedlab({"import", dir.file("history.json"), "--store", dir.file("r.db")});
  EXPECT_EQ(imported.status, 0) << imported.err;
  return dir.file("r.db");
}

}  // namespace schedlab::testing
