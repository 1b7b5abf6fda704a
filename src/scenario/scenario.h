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

  static constexpr int kMaxCgroupDepth = 64;

  // The policy and nice the copies get, when either was requested.
  std::optional<sys::SchedAttr> sched_attr() const;
};

// The command line's name of a setting recorded under `key` ("cpus" ->
// "--cpus"): the spec layer's option table (spec/run_option_table.h:
// option_name), passed down so that a message here names what the user
// typed without this folder spelling flags.
using OptionNameOf = std::string (*)(const std::string& key);

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
// (a CPU that does not exist or is outside our affinity) as `option` does.
ScenarioPlan plan_scenario(const ScenarioRequest& request, const std::vector<int>& available, OptionNameOf option);

}  // namespace schedlab
