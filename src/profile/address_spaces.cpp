#include "profile/address_spaces.h"

#include <algorithm>
#include <charconv>

namespace schedlab::profile {
namespace {

const std::string kUnknown = "[unknown]";

std::string_view next_field(std::string_view& line) {
  const auto begin = line.find_first_not_of(' ');
  if (begin == std::string_view::npos) return line = {};
  line.remove_prefix(begin);
  const auto end = std::min(line.find(' '), line.size());
  const auto field = line.substr(0, end);
  line.remove_prefix(end);
  return field;
}

bool hex(std::string_view text, std::uint64_t& out) {
  const auto [p, ec] = std::from_chars(text.data(), text.data() + text.size(), out, 16);
  return ec == std::errc() && p == text.data() + text.size();
}

// "start-end perms offset dev inode   path": an executable mapping of a
// file (or the vDSO, which has no file but is worth naming).
std::optional<std::pair<std::string, Mapping>> parse_maps_line(std::string_view line) {
  const auto range = next_field(line), perms = next_field(line), offset = next_field(line);
  next_field(line);  // device
  next_field(line);  // inode
  const auto begin = line.find_first_not_of(' ');
  const std::string_view path = begin == std::string_view::npos ? std::string_view() : line.substr(begin);
  if (perms.size() < 3 || perms[2] != 'x' || path.empty()) return std::nullopt;
  if (path.front() != '/' && path != "[vdso]") return std::nullopt;
  const auto dash = range.find('-');
  Mapping m;
  if (dash == std::string_view::npos || !hex(range.substr(0, dash), m.start) ||
      !hex(range.substr(dash + 1), m.end) || !hex(offset, m.file_offset) || m.end <= m.start)
    return std::nullopt;
  return std::pair{std::string(path), m};
}

}  // namespace

std::vector<std::pair<std::string, Mapping>> executable_mappings(std::string_view maps_text) {
  std::vector<std::pair<std::string, Mapping>> out;
  while (!maps_text.empty()) {
    const auto nl = std::min(maps_text.find('\n'), maps_text.size());
    if (auto m = parse_maps_line(maps_text.substr(0, nl))) out.push_back(std::move(*m));
    maps_text.remove_prefix(std::min(nl + 1, maps_text.size()));
  }
  return out;
}

std::uint32_t AddressSpaces::file_index(const std::string& path) {
  if (auto it = file_ids_.find(path); it != file_ids_.end()) return it->second;
  const auto id = static_cast<std::uint32_t>(files_.size());
  files_.push_back(path);
  file_ids_.emplace(path, id);
  return id;
}

AddressSpaces::Process& AddressSpaces::process(pid_t pid) {
  auto& p = processes_[pid];
  if (!p.mappings) p.mappings = std::make_shared<const std::vector<Mapping>>();
  return p;
}

void AddressSpaces::seed(pid_t pid, std::string comm, std::string_view maps_text) {
  auto mappings = std::make_shared<std::vector<Mapping>>();
  for (auto& [path, m] : executable_mappings(maps_text)) {
    m.file = file_index(path);
    mappings->push_back(m);
  }
  std::sort(mappings->begin(), mappings->end(), [](const Mapping& a, const Mapping& b) { return a.start < b.start; });
  processes_[pid] = {std::move(comm), std::move(mappings)};
}

void AddressSpaces::fork(pid_t pid, pid_t parent) {
  const Process copy = process(parent);
  processes_[pid] = copy;
}

void AddressSpaces::exec(pid_t pid, std::string comm) {
  Process& p = process(pid);
  p.comm = std::move(comm);
  p.mappings = std::make_shared<const std::vector<Mapping>>();
}

void AddressSpaces::rename(pid_t pid, std::string comm) { process(pid).comm = std::move(comm); }

// A new mapping replaces whatever it overlaps (MAP_FIXED over an old one).
void AddressSpaces::map(pid_t pid, std::uint64_t start, std::uint64_t length, std::uint64_t file_offset,
                        const std::string& path) {
  if (length == 0) return;
  Process& p = process(pid);
  auto mappings = std::make_shared<std::vector<Mapping>>(*p.mappings);
  const std::uint64_t end = start + length;
  std::erase_if(*mappings, [&](const Mapping& m) { return m.start < end && start < m.end; });
  const Mapping added{start, end, file_offset, file_index(path)};
  mappings->insert(std::upper_bound(mappings->begin(), mappings->end(), added,
                                    [](const Mapping& a, const Mapping& b) { return a.start < b.start; }),
                   added);
  p.mappings = std::move(mappings);
}

void AddressSpaces::exit(pid_t pid) { processes_.erase(pid); }

std::optional<FileAddress> AddressSpaces::resolve(pid_t pid, std::uint64_t address) const {
  const auto it = processes_.find(pid);
  if (it == processes_.end() || !it->second.mappings) return std::nullopt;
  const auto& ms = *it->second.mappings;
  auto m = std::upper_bound(ms.begin(), ms.end(), address,
                            [](std::uint64_t a, const Mapping& x) { return a < x.start; });
  if (m == ms.begin()) return std::nullopt;
  --m;
  if (address >= m->end) return std::nullopt;
  return FileAddress{m->file, address - m->start + m->file_offset};
}

const std::string& AddressSpaces::comm(pid_t pid) const {
  const auto it = processes_.find(pid);
  return it == processes_.end() ? kUnknown : it->second.comm;
}

}  // namespace schedlab::profile
