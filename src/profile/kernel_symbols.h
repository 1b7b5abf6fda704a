#pragma once
// Kernel function names from /proc/kallsyms: an address becomes the name
// of the text symbol at or below it (the offset into the function is
// dropped), with the module's name kept ("nft_do_chain [nf_tables]").
// kallsyms shows addresses only to a reader allowed by kernel.kptr_restrict
// (root, with 0 or 1); otherwise every address reads 0 and nothing can be
// named, which empty() says.
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace schedlab::profile {

class KernelSymbols {
 public:
  // From the text of /proc/kallsyms ("ADDRESS TYPE NAME [MODULE]" lines);
  // only text symbols (types t, T, w, W) are kept.
  static KernelSymbols parse(std::string_view text);
  // /proc/kallsyms of this machine, now; empty when unreadable.
  static KernelSymbols load();

  // The function `address` is in; nullopt below the first symbol.
  std::optional<std::string_view> name_at(std::uint64_t address) const;
  bool empty() const { return starts_.empty(); }
  std::size_t size() const { return starts_.size(); }

 private:
  std::vector<std::uint64_t> starts_;  // ascending
  std::vector<std::string> names_;     // of each start
};

// Why kernel frames cannot be named here ("" when they can): kallsyms
// unreadable, or its addresses hidden by kernel.kptr_restrict.
std::string kallsyms_problem(const std::string& kallsyms_path = "/proc/kallsyms",
                             const std::string& kptr_restrict_path = "/proc/sys/kernel/kptr_restrict");

}  // namespace schedlab::profile
