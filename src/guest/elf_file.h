#pragma once
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace schedlab::guest {

// The few facts about ELF64 little-endian files the guest needs: a kernel
// module's .modinfo section and whether a busybox is statically linked.
// Bounds are checked; nothing is mapped or executed.

// The bytes of section `name`.  Throws std::runtime_error naming `file`
// when `elf` is not an ELF64 little-endian object or has no such section.
std::string_view elf_section(std::string_view elf, const char* name, const std::string& file);

// Whether the program headers ask for an interpreter (PT_INTERP): a
// dynamically linked program, which an initramfs without libraries cannot
// run.  Throws std::runtime_error as above.
bool elf_has_interpreter(std::string_view elf, const std::string& file);

// The machine a program is for (e_machine: 62 x86-64, 183 arm64).  Throws
// std::runtime_error as above.
std::uint16_t elf_machine_of(std::string_view elf, const std::string& file);

// The interpreter a dynamically linked program names (PT_INTERP, e.g.
// "/lib64/ld-linux-x86-64.so.2"); nullopt for a static one.  Throws
// std::runtime_error as above.
std::optional<std::string> elf_interpreter(std::string_view elf, const std::string& file);

}  // namespace schedlab::guest
