#pragma once
#include <optional>
#include <string>
#include <vector>

#include "scenario/cgroup_chain.h"
#include "scenario/control_outcome.h"
#include "scenario/guard_stack.h"
#include "scenario/journal.h"
#include "scenario/scenario.h"
#include "sys/sched_attr.h"

namespace schedlab {

// What each copy's process must do before it execs the loop.
struct CopySettings {
  bool setsid = false;
  std::vector<std::string> cgroup_procs;   // cgroup.procs files to join
  std::optional<sys::SchedAttr> sched;
  std::string expected_v2_path;            // "" = not checked
  std::string expected_cpu_v1_path;
  std::vector<std::string> chain_v2_dirs;  // the chain's levels in v2 (the probes read them)
};

// The system-wide part of a scenario, in force for the life of the object
// (one run): autogroup, sysctls, sched features, the cgroup chain; and a
// probe of the policy so a missing privilege is known before copies start.
// Every change is journaled and undone by the destructor.
class AppliedScenario {
 public:
  // Applies the request.  A control that cannot be applied throws
  // Error(kNotApplied) naming it, why and what to try — unless
  // request.allow_unapplied, when it is recorded and the run goes on.
  // `option` names the controls in that message.
  AppliedScenario(const ScenarioRequest& request, Journal& journal, OptionNameOf option);
  AppliedScenario(const AppliedScenario&) = delete;
  AppliedScenario& operator=(const AppliedScenario&) = delete;

  const CopySettings& copy_settings() const { return settings_; }
  const std::vector<ControlOutcome>& outcomes() const { return outcomes_; }

 private:
  void settle(ControlOutcome outcome, bool allow_unapplied);
  void apply_policy(const ScenarioRequest& request);

  OptionNameOf option_;
  GuardStack guards_;  // declared first: destroyed last, after nothing uses the changes
  CopySettings settings_;
  std::vector<ControlOutcome> outcomes_;
};

// "--sysctl kernel.x=1: not applied: <why>; <hint> (or --allow-unapplied)".
// The control is named by `option`.
std::string describe_not_applied(const ControlOutcome& outcome, OptionNameOf option);

}  // namespace schedlab
