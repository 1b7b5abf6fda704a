#include "scenario/applied_scenario.h"

#include <fmt/format.h>

#include <algorithm>
#include <cstring>

#include "core/error.h"
#include "scenario/psi_control.h"
#include "scenario/sched_feature_control.h"
#include "scenario/sched_policy.h"
#include "scenario/sysctl_control.h"
#include "sys/cgroup_layout.h"

namespace schedlab {

std::string describe_not_applied(const ControlOutcome& o, OptionNameOf option) {
  // A control is recorded (not_applied) by its setting's name with dashes,
  // "cgroup-depth"; the setting's key has underscores.
  std::string key = o.control;
  std::replace(key.begin(), key.end(), '-', '_');
  return fmt::format("{} {}: not applied: {}{} (or {} to run without it)", option(key), o.value, o.detail,
                     o.hint.empty() ? "" : "; " + o.hint, option("allow_unapplied"));
}

AppliedScenario::AppliedScenario(const ScenarioRequest& r, Journal& journal, OptionNameOf option) : option_(option) {
  if (r.autogroup) {
    auto outcome = apply_sysctl("autogroup", "kernel.sched_autogroup_enabled",
                                *r.autogroup ? "1" : "0", journal, guards_);
    outcome.value = *r.autogroup ? "on" : "off";
    if (!outcome.applied && outcome.detail.rfind("no sysctl", 0) == 0) {
      outcome.detail = "kernel.sched_autogroup_enabled does not exist: CONFIG_SCHED_AUTOGROUP is "
                       "not built into this kernel";
      outcome.hint = "use a kernel with CONFIG_SCHED_AUTOGROUP=y";
    }
    settle(std::move(outcome), r.allow_unapplied);
  }
  for (const auto& [key, value] : r.sysctls)
    settle(apply_sysctl("sysctl", key, value, journal, guards_), r.allow_unapplied);
  for (const auto& feature : r.sched_features)
    settle(apply_sched_feature(feature, journal, guards_), r.allow_unapplied);
  if (r.cgroup_depth > 0) {
    CgroupChain chain;
    auto outcome = create_cgroup_chain(r.cgroup_depth, r.cgroup_parent, sys::read_cgroup_layout(),
                                       journal, guards_, chain);
    if (outcome.applied) {
      settings_.cgroup_procs = chain.procs_files;
      settings_.expected_v2_path = chain.v2_path;
      settings_.expected_cpu_v1_path = chain.cpu_v1_path;
      settings_.chain_v2_dirs = chain.v2_dirs;
    }
    settle(std::move(outcome), r.allow_unapplied);
  }
  if (r.psi) settle(apply_psi(*r.psi, settings_.chain_v2_dirs, journal, guards_), r.allow_unapplied);
  settings_.setsid = r.setsid;
  apply_policy(r);
}

void AppliedScenario::apply_policy(const ScenarioRequest& r) {
  const auto attr = r.sched_attr();
  if (!attr) return;
  ControlOutcome outcome{r.policy ? "policy" : "nice",
                         r.policy ? policy_text(*attr) : std::to_string(attr->nice)};
  if (r.policy && r.nice) outcome.value += fmt::format(" {} {}", option_("nice"), attr->nice);
  if (int err = sys::probe_sched_attr(*attr); err != 0) {
    outcome.detail = fmt::format("sched_setattr failed: {} (errno {})", std::strerror(err), err);
    outcome.hint = err == EPERM ? "real-time policies and negative nice need root (CAP_SYS_NICE)"
                                : "check the policy and priority";
  } else {
    outcome.applied = true;
    outcome.detail = "set in each copy before exec; read back with sched_getattr";
    settings_.sched = attr;
  }
  settle(std::move(outcome), r.allow_unapplied);
}

void AppliedScenario::settle(ControlOutcome outcome, bool allow_unapplied) {
  if (!outcome.applied && !allow_unapplied)
    throw Error(ExitStatus::kNotApplied, describe_not_applied(outcome, option_));
  outcomes_.push_back(std::move(outcome));
}

}  // namespace schedlab
