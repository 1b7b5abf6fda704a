#pragma once
// User-space function names from an executable file's ELF symbol tables
// (.symtab when the file has one, else .dynsym; separate debug files under
// /usr/lib/debug too), read through elfutils' libdwfl — schedlab parses no
// ELF itself.  Addresses are offsets in the file, as the sampler records
// them (profile/address_spaces.h), so a program mapped anywhere, and gone
// since, is named the same.
#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <string>

struct Dwfl;
struct Dwfl_Module;

namespace schedlab::profile {

class ElfSymbols {
 public:
  // Opens `path`; a file that is not ELF, or is gone, names nothing.
  explicit ElfSymbols(const std::string& path);
  ~ElfSymbols();
  ElfSymbols(const ElfSymbols&) = delete;
  ElfSymbols& operator=(const ElfSymbols&) = delete;

  // The function whose code holds `file_offset`, demangled; nullopt when no
  // symbol covers it (a stripped file, a non-executable offset).
  std::optional<std::string> name_at(std::uint64_t file_offset) const;
  bool usable() const { return module_ != nullptr; }

 private:
  // The address libdwfl knows the byte at `file_offset` by: through the
  // PT_LOAD segment that maps it.
  std::optional<std::uint64_t> address_of(std::uint64_t file_offset) const;
  Dwfl* dwfl_ = nullptr;
  Dwfl_Module* module_ = nullptr;
};

// ElfSymbols per file, opened on first use and kept.
class ElfSymbolCache {
 public:
  const ElfSymbols& of(const std::string& path);

 private:
  std::map<std::string, std::unique_ptr<ElfSymbols>> files_;
};

}  // namespace schedlab::profile
