#pragma once
// `schedlab check --kernel STEP --good-kernel GOOD --baseline GOOD.json`:
// the baseline's spec (as its guests ran it) and guest shape bound to the
// step judge's typed check (flows/kernel_pair.h), with check's exit
// statuses.
#include <string>

#include "flows/kernel_pair.h"
#include "workloads/builtin.h"

namespace schedlab {

// `check`: everything of `check` but its spec and shape, which come from
// `baseline` (`clock`: --guest-clock instead of the baseline's; "" = the
// baseline's).  Returns 0 good, 1 bad, 125 cannot tell (or a kernel that
// keeps failing to boot, or emulation without --emulated-ok), 255 bad
// input.
int check_kernel_pair(const Registries& registries, KernelPairCheck check, const std::string& baseline,
                      const std::string& clock);

}  // namespace schedlab
