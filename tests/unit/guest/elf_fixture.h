#pragma once
// Minimal ELF64 little-endian files built in memory, for the guest code's
// parsers: a kernel module with a .modinfo section, a program with or
// without an interpreter; and the first bytes of kernel images.
#include <cstdint>
#include <string>
#include <vector>

namespace schedlab::testing {

inline void put(std::string& s, std::size_t at, std::uint64_t v, int bytes) {
  if (s.size() < at + static_cast<std::size_t>(bytes)) s.resize(at + static_cast<std::size_t>(bytes), '\0');
  for (int i = 0; i < bytes; ++i) s[at + static_cast<std::size_t>(i)] = static_cast<char>(v >> (8 * i) & 0xff);
}

inline std::string elf_header() {
  std::string s(64, '\0');
  s[0] = 0x7f;
  s[1] = 'E';
  s[2] = 'L';
  s[3] = 'F';
  s[4] = 2;  // 64-bit
  s[5] = 1;  // little-endian
  return s;
}

// An object whose sections are a null section, .modinfo holding `fields`
// (NUL-separated, as the kernel's build writes them) and .shstrtab.
inline std::string module_elf(const std::vector<std::string>& fields) {
  std::string s = elf_header();
  std::string modinfo;
  for (const auto& f : fields) modinfo += f + '\0';
  const std::string names = std::string("\0.modinfo\0.shstrtab\0", 20);
  const std::size_t modinfo_at = s.size();
  s += modinfo;
  const std::size_t names_at = s.size();
  s += names;
  const std::size_t shoff = (s.size() + 7) / 8 * 8;
  s.resize(shoff + std::size_t{3} * 64, '\0');
  put(s, 0x28, shoff, 8);
  put(s, 0x3A, 64, 2);
  put(s, 0x3C, 3, 2);
  put(s, 0x3E, 2, 2);
  auto section = [&](int i, std::uint32_t name, std::uint64_t offset, std::uint64_t size) {
    const std::size_t h = shoff + static_cast<std::size_t>(i) * 64;
    put(s, h, name, 4);
    put(s, h + 24, offset, 8);
    put(s, h + 32, size, 8);
  };
  section(1, 1, modinfo_at, modinfo.size());
  section(2, 10, names_at, names.size());
  return s;
}

// A program whose program headers hold one PT_LOAD and, if asked, a PT_INTERP.
inline std::string program_elf(bool interpreter) {
  std::string s = elf_header();
  const int count = interpreter ? 2 : 1;
  s.resize(64 + static_cast<std::size_t>(count) * 56, '\0');
  put(s, 0x20, 64, 8);
  put(s, 0x36, 56, 2);
  put(s, 0x38, static_cast<std::uint64_t>(count), 2);
  put(s, 64, 1, 4);  // PT_LOAD
  if (interpreter) put(s, 64 + 56, 3, 4);  // PT_INTERP
  return s;
}

// The same for machine `machine` (62 x86-64, 183 arm64).
inline std::string program_for(std::uint16_t machine, bool interpreter) {
  std::string s = program_elf(interpreter);
  put(s, 0x12, machine, 2);
  return s;
}

// The first bytes of an x86 bzImage: boot protocol 2.15, `version` as
// its kernel_version string.
inline std::string bzimage(const std::string& version) {
  std::string s(0x1000, '\0');
  s.replace(0x202, 4, "HdrS");
  put(s, 0x206, 0x20f, 2);
  put(s, 0x20E, 0x800 - 0x200, 2);
  s.replace(0x800, version.size(), version);
  return s;
}

// The first bytes of an arm64 Image (Documentation/arch/arm64/booting.rst:
// the magic at 56) and, further on, the kernel's banner.
inline std::string arm64_image(const std::string& banner) {
  std::string s(0x2000, '\0');
  s.replace(56, 4, std::string("ARM\x64", 4));
  s.replace(0x1000, banner.size(), banner);
  return s;
}

}  // namespace schedlab::testing
