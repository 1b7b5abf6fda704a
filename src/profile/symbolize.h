#pragma once
// Raw stacks (profile/sample_collector.h) to folded stacks: kernel
// addresses named from kallsyms ("psi_group_change_[k]"), file offsets from
// the files' ELF symbols ("main"), what cannot be named shown by where it
// is ("[libc.so.6]", "[unknown]").  Names are looked up once per address
// and kept for the next runs.
#include <cstdint>
#include <map>
#include <string>
#include <unordered_map>

#include "profile/elf_symbols.h"
#include "profile/folded_stacks.h"
#include "profile/kernel_symbols.h"
#include "profile/sample_collector.h"

namespace schedlab::profile {

class Symbolizer {
 public:
  explicit Symbolizer(KernelSymbols kernel) : kernel_(std::move(kernel)) {}

  std::string kernel_frame(std::uint64_t address);
  std::string user_frame(const std::string& path, std::uint64_t file_offset);

 private:
  KernelSymbols kernel_;
  ElfSymbolCache files_;
  std::unordered_map<std::uint64_t, std::string> kernel_names_;
  std::map<std::pair<std::string, std::uint64_t>, std::string> user_names_;
};

// The collector's stacks, named and folded: "comm;user root;...;user
// leaf;kernel root_[k];...;kernel leaf_[k]".
FoldedStacks fold(const SampleCollector& collected, Symbolizer& symbols);

// A name fit for a folded stack: ';' (the separator) and control
// characters replaced, never empty.
std::string frame_text(std::string_view name);

}  // namespace schedlab::profile
