#include "sys/task_memory.h"

#include <algorithm>
#include <cstdlib>
#include <string>

#include "sys/proc_files.h"

namespace schedlab::sys {

std::optional<std::uint64_t> task_rss_kb(pid_t pid) {
  auto status = read_text("/proc/" + std::to_string(pid) + "/status");
  if (!status) return std::nullopt;
  auto rss = status_field(*status, "VmRSS");
  if (!rss) return std::nullopt;
  return std::strtoull(rss->c_str(), nullptr, 10);
}

std::optional<std::uint64_t> task_vma_count(pid_t pid) {
  auto maps = read_text("/proc/" + std::to_string(pid) + "/maps");
  if (!maps) return std::nullopt;
  return static_cast<std::uint64_t>(std::count(maps->begin(), maps->end(), '\n'));
}

}  // namespace schedlab::sys
