#pragma once
// The architecture of the kernel a guest boots, and what differs with it:
// QEMU's program, machine and CPU, the console, the ELF machine of the
// programs the guest runs, and the kernel options only one architecture
// has.  The image says which it is (an x86 bzImage's boot-protocol header,
// an arm64 Image's "ARM\x64" magic), so a user names kernels, not
// architectures; --arch only checks.
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace schedlab::guest {

enum class GuestArch { kX86_64, kArm64 };

// "x86_64", "arm64" (Debian's and the kernel's name for it).
const char* to_string(GuestArch arch);

// The machine schedlab itself was built for.
GuestArch host_arch();

// The architecture a word names, as the kernel ("x86_64", "aarch64") or
// Debian ("amd64", "arm64") spells it; nullopt for any other word.
std::optional<GuestArch> arch_named(std::string_view word);

// The same from --arch; throws UsageError naming `option` otherwise.
GuestArch parse_guest_arch(const std::string& option, const std::string& text);

// The architecture of ELF's e_machine (the inverse of elf_machine below);
// nullopt for a machine schedlab does not build for.
std::optional<GuestArch> arch_of_machine(std::uint16_t machine);

// Throws UsageError naming `option` and `text` (the kernel as given) when
// `arch` is not this host's: `command` (check, bisect) compares its guests
// with a baseline measured on this host's architecture, and emulating
// another would compare emulation with emulation of a different machine.
void require_host_arch(const std::string& option, const std::string& text, GuestArch arch, const std::string& command);

// The architecture of a kernel image from its first bytes; nullopt when it
// is neither an x86 bzImage nor an arm64 Image.
std::optional<GuestArch> image_arch(std::string_view head);

// ELF's e_machine of programs for `arch` (EM_X86_64 62, EM_AARCH64 183).
std::uint16_t elf_machine(GuestArch arch);

// QEMU's system emulator and the Debian package that has it.
const char* qemu_program(GuestArch arch);  // "qemu-system-x86_64", "qemu-system-aarch64"
const char* qemu_package(GuestArch arch);  // "qemu-system-x86", "qemu-system-arm"

// -machine for `arch`, or "" for QEMU's default PC.  arm64: the virt board
// with the GIC that takes any number of vCPUs (v3; v2 stops at 8).
const char* qemu_machine(GuestArch arch);

// -cpu under TCG: everything QEMU emulates but what it emulates wrongly or
// far too slowly (recorded as guest.cpu).
const char* tcg_cpu_model(GuestArch arch);

// The serial console's device name in the kernel command line.
const char* console_device(GuestArch arch);  // "ttyS0", "ttyAMA0"

}  // namespace schedlab::guest
