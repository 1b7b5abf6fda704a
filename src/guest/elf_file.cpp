#include "guest/elf_file.h"

#include <fmt/format.h>

#include <cstdint>
#include <cstring>
#include <optional>
#include <stdexcept>

namespace schedlab::guest {
namespace {

std::uint64_t le(std::string_view s, std::uint64_t at, int bytes) {
  std::uint64_t v = 0;
  for (int i = bytes - 1; i >= 0; --i) v = v << 8 | static_cast<unsigned char>(s[at + static_cast<unsigned>(i)]);
  return v;
}

std::runtime_error bad(const std::string& file, const std::string& why) {
  return std::runtime_error(fmt::format("{}: {}", file, why));
}

void check_header(std::string_view elf, const std::string& file) {
  if (elf.size() < 64 || elf.substr(0, 4) != "\x7f" "ELF" || elf[4] != 2 || elf[5] != 1)
    throw bad(file, "not a 64-bit little-endian ELF file");
}

// A table of `count` entries of `size` bytes at `offset`, within the file.
void check_table(std::string_view elf, std::uint64_t offset, std::uint64_t size, std::uint64_t count,
                 std::uint64_t min_size, const std::string& file) {
  if (count > 0 && (size < min_size || offset > elf.size() || count > (elf.size() - offset) / size))
    throw bad(file, "its header tables lie outside the file");
}

}  // namespace

std::string_view elf_section(std::string_view elf, const char* name, const std::string& file) {
  check_header(elf, file);
  const std::uint64_t shoff = le(elf, 0x28, 8), shentsize = le(elf, 0x3A, 2), shnum = le(elf, 0x3C, 2);
  const std::uint64_t shstrndx = le(elf, 0x3E, 2);
  check_table(elf, shoff, shentsize, shnum, 64, file);
  if (shstrndx >= shnum) throw bad(file, "no section names");
  auto header = [&](std::uint64_t i) { return shoff + i * shentsize; };
  const std::uint64_t names = le(elf, header(shstrndx) + 24, 8);
  for (std::uint64_t i = 0; i < shnum; ++i) {
    const std::uint64_t h = header(i), offset = le(elf, h + 24, 8), size = le(elf, h + 32, 8);
    const std::uint64_t name_at = names + le(elf, h, 4);
    if (name_at >= elf.size()) continue;
    const std::string_view here(elf.data() + name_at, strnlen(elf.data() + name_at, elf.size() - name_at));
    if (here != name) continue;
    if (offset > elf.size() || size > elf.size() - offset) throw bad(file, fmt::format("{} lies outside the file", name));
    return elf.substr(offset, size);
  }
  throw bad(file, fmt::format("no {} section", name));
}

std::uint16_t elf_machine_of(std::string_view elf, const std::string& file) {
  check_header(elf, file);
  return static_cast<std::uint16_t>(le(elf, 0x12, 2));
}

bool elf_has_interpreter(std::string_view elf, const std::string& file) {
  return elf_interpreter(elf, file).has_value();
}

std::optional<std::string> elf_interpreter(std::string_view elf, const std::string& file) {
  constexpr std::uint64_t kInterp = 3;  // PT_INTERP
  check_header(elf, file);
  const std::uint64_t phoff = le(elf, 0x20, 8), phentsize = le(elf, 0x36, 2), phnum = le(elf, 0x38, 2);
  check_table(elf, phoff, phentsize, phnum, 56, file);
  for (std::uint64_t i = 0; i < phnum; ++i) {
    const std::uint64_t h = phoff + i * phentsize;
    if (le(elf, h, 4) != kInterp) continue;
    const std::uint64_t offset = le(elf, h + 8, 8), size = le(elf, h + 32, 8);  // p_offset, p_filesz
    if (offset > elf.size() || size > elf.size() - offset) throw bad(file, "its interpreter lies outside the file");
    const std::string_view path = elf.substr(offset, size);
    return std::string(path.substr(0, path.find('\0')));
  }
  return std::nullopt;
}

}  // namespace schedlab::guest
