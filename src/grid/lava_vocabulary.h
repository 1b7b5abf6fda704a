#pragma once
// What LAVA accepts in the parts of a job a template writes, as lava-common
// 2023.1 (Debian bookworm's lava-dispatcher) declares it: the context
// variables of its job schema (lava_common/schemas/__init__.py,
// CONTEXT_VARIABLES), the deploy methods (`to:`, one per file of
// schemas/deploy/) and the boot methods (`method:`, one per file of
// schemas/boot/; LAVA maps '-' to '_' before it looks one up).  A
// template that says anything else would be refused by the server after
// the job was written and submitted; schedlab refuses it before.  The grid
// tests compare these lists with the installed lava-common when it is there.
#include <string>
#include <vector>

namespace schedlab::grid {

const std::vector<std::string>& lava_context_variables();
const std::vector<std::string>& lava_deploy_methods();
const std::vector<std::string>& lava_boot_methods();

// Whether `method` names one of `methods`, with LAVA's '-' as '_'.
bool lava_knows_method(const std::vector<std::string>& methods, std::string method);

}  // namespace schedlab::grid
