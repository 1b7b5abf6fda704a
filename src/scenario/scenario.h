#pragma once
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "core/copies.h"
#include "core/result.h"
#include "sys/sched_attr.h"

namespace schedlab {

// The scenario as the user asked for it (parsed, not yet checked against the
// machine).  Every workload gets these through the runner.
struct ScenarioRequest {
  CopiesSpec copies;
  std::optional<std::vector<int>> cpus;  // --cpus; nullopt = our current affinity
  bool pin_copies = false;               // copy i on the i-th CPU of the set
  int cgroup_depth = 0;                  // 0 = run in the current cgroup
  std::string cgroup_parent = "/";
  std::optional<bool> autogroup;         // kernel.sched_autogroup_enabled
  std::optional<bool> psi;               // cgroup.pressure on every level of the chain
  bool setsid = false;                   // each copy in its own session (and autogroup)
  std::vector<std::pair<std::string, std::string>> sysctls;  // in command-line order
  std::vector<std::string> sched_features;                   // NAME or NO_NAME
  std::optional<std::uint32_t> policy;   // SCHED_* with `priority`
  std::uint32_t priority = 0;
  std::optional<int> nice;
  bool allow_unapplied = false;

  // The policy and nice the copies get, when either was requested.
  std::optional<sys::SchedAttr> sched_attr() const;
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
// and resolves copies and placements.  Throws UsageError naming the option
// (a CPU that does not exist or is outside our affinity).
ScenarioPlan plan_scenario(const ScenarioRequest& request, const std::vector<int>& available);

// scenario.requested of a result: every control as asked.  It is read back
// through the command line's parsers (cli/run_spec_io.h).
ordered_json requested_json(const ScenarioRequest& request);

}  // namespace schedlab
