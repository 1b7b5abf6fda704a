#include "sys/hypervisor_vendor.h"

#include <cstring>

#if defined(__x86_64__) || defined(__i386__)
#include <cpuid.h>
#endif

namespace schedlab::sys {

std::string hypervisor_vendor() {
#if defined(__x86_64__) || defined(__i386__)
  unsigned a = 0, b = 0, c = 0, d = 0;
  __cpuid(1, a, b, c, d);
  if ((c & (1u << 31)) == 0) return "none";  // CPUID.1:ECX bit 31, "hypervisor present"
  __cpuid(0x40000000, a, b, c, d);
  char signature[13] = {};
  std::memcpy(signature, &b, 4);
  std::memcpy(signature + 4, &c, 4);
  std::memcpy(signature + 8, &d, 4);
  const std::string s(signature);
  if (s == "KVMKVMKVM") return "kvm";
  if (s == "TCGTCGTCGTCG") return "tcg";
  if (s == "Microsoft Hv") return "hyperv";
  if (s == "VMwareVMware") return "vmware";
  if (s == "XenVMMXenVMM") return "xen";
  return "unknown";
#else
  return "unknown";
#endif
}

}  // namespace schedlab::sys
