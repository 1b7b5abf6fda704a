#include "sys/tasks.h"

#include <filesystem>

#include "core/whole_number.h"
#include "sys/proc_files.h"

namespace schedlab::sys {

std::vector<TaskName> task_names(pid_t pid) {
  std::vector<TaskName> out;
  std::error_code ec;
  const std::string dir = "/proc/" + std::to_string(pid) + "/task";
  for (auto it = std::filesystem::directory_iterator(dir, ec); !ec && it != std::filesystem::directory_iterator();
       it.increment(ec)) {
    const auto tid = parse_whole_number<pid_t>(it->path().filename().string(), 1, 1 << 30);
    if (!tid) continue;
    if (auto name = read_line(it->path().string() + "/comm")) out.push_back({*tid, *name});
  }
  return out;
}

}  // namespace schedlab::sys
