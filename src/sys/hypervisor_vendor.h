#pragma once
#include <string>

namespace schedlab::sys {

// Which hypervisor this machine runs under, as the CPU says it: the
// vendor signature of CPUID leaf 0x40000000 when the hypervisor bit is set
// (x86): "kvm", "tcg" (QEMU's emulation), "hyperv", "vmware", "xen",
// "none" on bare metal, "unknown" for another signature or another
// architecture.  What tells a guest that measures emulated instructions
// from one that runs on the host's CPU, from inside.
std::string hypervisor_vendor();

}  // namespace schedlab::sys
