#include "guest/guest_arch.h"

#include <fmt/format.h>

#include "core/error.h"

namespace schedlab::guest {

const char* to_string(GuestArch arch) { return arch == GuestArch::kArm64 ? "arm64" : "x86_64"; }

GuestArch host_arch() {
#if defined(__aarch64__)
  return GuestArch::kArm64;
#else
  return GuestArch::kX86_64;
#endif
}

std::optional<GuestArch> arch_named(std::string_view word) {
  if (word == "x86_64" || word == "amd64") return GuestArch::kX86_64;
  if (word == "arm64" || word == "aarch64") return GuestArch::kArm64;
  return std::nullopt;
}

GuestArch parse_guest_arch(const std::string& option, const std::string& text) {
  if (const auto arch = arch_named(text)) return *arch;
  throw UsageError(option, text, "x86_64 (amd64) or arm64 (aarch64)");
}

std::optional<GuestArch> arch_of_machine(std::uint16_t machine) {
  for (const auto arch : {GuestArch::kX86_64, GuestArch::kArm64})
    if (elf_machine(arch) == machine) return arch;
  return std::nullopt;
}

void require_host_arch(const std::string& option, const std::string& text, GuestArch arch, const std::string& command) {
  if (arch == host_arch()) return;
  throw UsageError(option, text, fmt::format("a kernel of this host's architecture ({}): {} judges kernels in guests of "
                                             "it; an {} kernel boots under schedlab kernels --arch {}",
                                             to_string(host_arch()), command, to_string(arch), to_string(arch)));
}

std::optional<GuestArch> image_arch(std::string_view head) {
  // x86 boot protocol (Documentation/arch/x86/boot.rst): "HdrS" at 0x202.
  if (head.size() >= 0x206 && head.substr(0x202, 4) == "HdrS") return GuestArch::kX86_64;
  // arm64 (Documentation/arch/arm64/booting.rst): the magic "ARM\x64" at 56.
  if (head.size() >= 60 && head.substr(56, 4) == std::string_view("ARM\x64", 4)) return GuestArch::kArm64;
  return std::nullopt;
}

std::uint16_t elf_machine(GuestArch arch) { return arch == GuestArch::kArm64 ? 183 : 62; }

const char* qemu_program(GuestArch arch) {
  return arch == GuestArch::kArm64 ? "qemu-system-aarch64" : "qemu-system-x86_64";
}

const char* qemu_package(GuestArch arch) { return arch == GuestArch::kArm64 ? "qemu-system-arm" : "qemu-system-x86"; }

const char* qemu_machine(GuestArch arch) { return arch == GuestArch::kArm64 ? "virt,gic-version=3" : ""; }

const char* tcg_cpu_model(GuestArch arch) {
  // x86: TCG's "max" offers 5-level paging (LA57), which this QEMU (7.2)
  // emulates wrongly: Debian's 6.12 kernel, which uses it when offered,
  // oopses within 2 s of every boot (kmem_cache_alloc_noprof), and boots
  // with it off.  A kernel without CONFIG_X86_5LEVEL never sees the
  // difference.
  // arm64: "max" with the architected pointer-authentication algorithm
  // (QARMA) spends most of an emulated kernel's time computing it; QEMU's
  // own cheaper algorithm keeps the feature and its instructions
  // (docs/system/arm/cpu-features.rst, "pauth-impdef").
  return arch == GuestArch::kArm64 ? "max,pauth-impdef=on" : "max,la57=off";
}

const char* console_device(GuestArch arch) { return arch == GuestArch::kArm64 ? "ttyAMA0" : "ttyS0"; }

}  // namespace schedlab::guest
