#pragma once
// The guest block of a `kernels` set (docs/result-file.md: guest), and the
// host CPUs of guests booted side by side.
#include <string>
#include <vector>

#include "core/result.h"
#include "guest/boot.h"
#include "guest/boot_merge.h"

namespace schedlab::guest {

struct KernelsPlan;

// The host CPU groups of `kernels` guests booted side by side, `vcpus` CPUs
// each, disjoint: consecutive slices of `host_cpus` when given, else of the
// CPUs this process may use.  Throws UsageError naming `option` when there
// are too few.
std::vector<std::vector<int>> side_by_side_cpus(int kernels, int vcpus, const std::vector<int>& host_cpus,
                                                const std::vector<int>& allowed, const std::string& option);

// The guest block a kernel's sets start with (everything but the boots).
ordered_json describe_guest(const KernelsPlan& plan, std::size_t kernel);
// One entry of the guest block's "boots": where it ran, how it ended, how
// long it took, its pinning, and the console's last lines when it failed.
ordered_json describe_boot(const BootPlace& place, const BootOutcome& outcome, const std::string& seed);

}  // namespace schedlab::guest
