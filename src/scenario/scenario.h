#pragma once
#include <optional>
#include <vector>

#include "core/copies.h"
#include "core/result.h"

namespace schedlab {

// The scenario as the user asked for it (parsed, not yet checked against the
// machine).  Later controls (cgroups, autogroup, sysctls...) extend this.
struct ScenarioRequest {
  CopiesSpec copies;
  std::optional<std::vector<int>> cpus;  // --cpus; nullopt = our current affinity
};

// Where one copy may run.
struct CopyPlacement {
  int index = 0;
  std::vector<int> cpus;  // the affinity given to the copy's processes
};

// The scenario resolved against this machine.
struct ScenarioPlan {
  std::vector<int> cpu_set;  // CPUs the run uses (--cpus, or our affinity)
  int copies = 1;
  std::vector<CopyPlacement> placements;  // one per copy
  bool set_affinity = false;              // whether the copies' affinity is changed
};

// Checks the request against the CPUs this process may use (`available`)
// and resolves copies.  Throws UsageError naming the option (a CPU that does
// not exist or is outside our affinity).
ScenarioPlan plan_scenario(const ScenarioRequest& request, const std::vector<int>& available);

// The scenario block of a result: the request and what was applied.
ScenarioRecord record_scenario(const ScenarioRequest& request, const ScenarioPlan& plan);

}  // namespace schedlab
