#include "profile/elf_symbols.h"

#include <cxxabi.h>
#include <elfutils/libdwfl.h>
#include <gelf.h>

#include <cstdlib>

namespace schedlab::profile {
namespace {

// Offline reporting: the file's own symbols and any local debug file
// (dwfl_standard_find_debuginfo looks in /usr/lib/debug and by build id).
const Dwfl_Callbacks kCallbacks = {
    .find_elf = dwfl_build_id_find_elf,
    .find_debuginfo = dwfl_standard_find_debuginfo,
    .section_address = dwfl_offline_section_address,
    .debuginfo_path = nullptr,
};

std::string demangled(const char* name) {
  if (name[0] != '_' || name[1] != 'Z') return name;
  int status = 0;
  char* out = abi::__cxa_demangle(name, nullptr, nullptr, &status);
  if (status != 0 || !out) return name;
  std::string text(out);
  std::free(out);
  return text;
}

}  // namespace

ElfSymbols::ElfSymbols(const std::string& path) {
  dwfl_ = dwfl_begin(&kCallbacks);
  if (!dwfl_) return;
  module_ = dwfl_report_offline(dwfl_, path.c_str(), path.c_str(), -1);
  dwfl_report_end(dwfl_, nullptr, nullptr);
}

ElfSymbols::~ElfSymbols() {
  if (dwfl_) dwfl_end(dwfl_);
}

std::optional<std::uint64_t> ElfSymbols::address_of(std::uint64_t file_offset) const {
  GElf_Addr bias = 0;
  Elf* elf = dwfl_module_getelf(module_, &bias);
  std::size_t count = 0;
  if (!elf || elf_getphdrnum(elf, &count) != 0) return std::nullopt;
  for (std::size_t i = 0; i < count; ++i) {
    GElf_Phdr ph{};
    if (!gelf_getphdr(elf, static_cast<int>(i), &ph) || ph.p_type != PT_LOAD) continue;
    if (file_offset >= ph.p_offset && file_offset < ph.p_offset + ph.p_filesz)
      return file_offset - ph.p_offset + ph.p_vaddr + bias;
  }
  return std::nullopt;
}

std::optional<std::string> ElfSymbols::name_at(std::uint64_t file_offset) const {
  if (!module_) return std::nullopt;
  const auto address = address_of(file_offset);
  if (!address) return std::nullopt;
  GElf_Off offset = 0;
  GElf_Sym sym{};
  const char* name = dwfl_module_addrinfo(module_, *address, &offset, &sym, nullptr, nullptr, nullptr);
  if (!name || !*name) return std::nullopt;
  return demangled(name);
}

const ElfSymbols& ElfSymbolCache::of(const std::string& path) {
  auto& entry = files_[path];
  if (!entry) entry = std::make_unique<ElfSymbols>(path);
  return *entry;
}

}  // namespace schedlab::profile
