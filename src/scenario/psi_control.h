#pragma once
#include <string>
#include <vector>

#include "scenario/control_outcome.h"
#include "scenario/guard_stack.h"

namespace schedlab {

// --psi on|off: writes 1 or 0 to cgroup.pressure in each of `chain_dirs`
// (the run's own cgroup chain in v2, top level first; the file exists since
// Linux 6.1), each write journaled with the old value and read back.  The
// setting is not hierarchical: levels above the chain keep theirs, and the
// outcome says what they are.  Empty `chain_dirs` (no chain was created) or
// a kernel without the file is an outcome that is not applied, with why.
ControlOutcome apply_psi(bool on, const std::vector<std::string>& chain_dirs, Journal& journal,
                         GuardStack& guards);

}  // namespace schedlab
