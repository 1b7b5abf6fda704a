#pragma once
#include <string>

#include "scenario/control_outcome.h"
#include "scenario/guard_stack.h"

namespace schedlab {

// The file of a sysctl key as sysctl(8) names it ("kernel.sched_autogroup_enabled"
// -> ROOT/kernel/sched_autogroup_enabled).
std::string sysctl_path(const std::string& key, const std::string& proc_sys = "/proc/sys");

// Sets `key` to `value` for the life of `guards`: checks the key exists,
// journals the old value, writes, reads back.  `control` names the control in
// the outcome ("sysctl", "autogroup").
ControlOutcome apply_sysctl(const std::string& control, const std::string& key,
                            const std::string& value, Journal& journal, GuardStack& guards,
                            const std::string& proc_sys = "/proc/sys");

}  // namespace schedlab
