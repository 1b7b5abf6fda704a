#include "profile/kernel_symbols.h"

#include <fmt/format.h>

#include <algorithm>
#include <charconv>
#include <sstream>

#include "input/files.h"
#include "sys/proc_files.h"

namespace schedlab::profile {
namespace {

struct Line {
  std::uint64_t address = 0;
  char type = 0;
  std::string_view name, module;
};

std::optional<Line> parse_line(std::string_view line) {
  Line l;
  const auto space = line.find(' ');
  if (space == std::string_view::npos || space + 3 > line.size()) return std::nullopt;
  const auto [p, ec] = std::from_chars(line.data(), line.data() + space, l.address, 16);
  if (ec != std::errc() || p != line.data() + space) return std::nullopt;
  l.type = line[space + 1];
  std::string_view rest = line.substr(space + 3);
  const auto tab = rest.find('\t');
  l.name = rest.substr(0, tab);
  if (tab != std::string_view::npos) l.module = rest.substr(tab + 1);
  return l;
}

bool is_text(char type) { return type == 't' || type == 'T' || type == 'w' || type == 'W'; }

}  // namespace

KernelSymbols KernelSymbols::parse(std::string_view text) {
  std::vector<std::pair<std::uint64_t, std::string>> symbols;
  while (!text.empty()) {
    const auto nl = std::min(text.find('\n'), text.size());
    if (const auto l = parse_line(text.substr(0, nl)); l && is_text(l->type) && l->address != 0)
      symbols.emplace_back(l->address, l->module.empty() ? std::string(l->name)
                                                         : fmt::format("{} {}", l->name, l->module));
    text.remove_prefix(std::min(nl + 1, text.size()));
  }
  // Aliases share an address: the first listed names it.
  std::stable_sort(symbols.begin(), symbols.end(), [](const auto& a, const auto& b) { return a.first < b.first; });
  KernelSymbols out;
  for (auto& [address, name] : symbols) {
    if (!out.starts_.empty() && out.starts_.back() == address) continue;
    out.starts_.push_back(address);
    out.names_.push_back(std::move(name));
  }
  return out;
}

KernelSymbols KernelSymbols::load() {
  const auto text = input::read_system_file("/proc/kallsyms");
  return text ? parse(*text) : KernelSymbols{};
}

std::optional<std::string_view> KernelSymbols::name_at(std::uint64_t address) const {
  const auto it = std::upper_bound(starts_.begin(), starts_.end(), address);
  if (it == starts_.begin()) return std::nullopt;
  return names_[static_cast<std::size_t>(it - starts_.begin() - 1)];
}

std::string kallsyms_problem(const std::string& kallsyms_path, const std::string& kptr_restrict_path) {
  // The first 64 lines are enough to see whether addresses are shown.
  const auto head = input::read_system_file(kallsyms_path, std::size_t{16} * 1024);
  if (!head) return fmt::format("{} is not readable, so kernel frames cannot be named", kallsyms_path);
  std::istringstream in(*head);
  std::string line;
  for (int i = 0; i < 64 && std::getline(in, line); ++i)
    if (const auto l = parse_line(line); l && l->address != 0) return "";
  const auto restrict_level = input::read_system_line(kptr_restrict_path);
  return fmt::format("{} hides its addresses from this process (kernel.kptr_restrict is {}; naming kernel "
                     "frames needs root with kptr_restrict 0 or 1)",
                     kallsyms_path, restrict_level.value_or("unreadable"));
}

}  // namespace schedlab::profile
