#include "sys/cgroup_paths.h"

#include <linux/magic.h>
#include <sys/statfs.h>

#include "sys/proc_files.h"

namespace schedlab::sys {
namespace {

bool is_fs(const char* path, long magic) {
  struct statfs st {};
  return statfs(path, &st) == 0 && static_cast<long>(st.f_type) == magic;
}

}  // namespace

const char* to_string(CgroupMode mode) {
  switch (mode) {
    case CgroupMode::kV1: return "v1";
    case CgroupMode::kV2: return "v2";
    case CgroupMode::kHybrid: return "hybrid";
    case CgroupMode::kNone: break;
  }
  return "none";
}

CgroupMode cgroup_mode() {
  if (is_fs("/sys/fs/cgroup", CGROUP2_SUPER_MAGIC)) return CgroupMode::kV2;
  if (is_fs("/sys/fs/cgroup/unified", CGROUP2_SUPER_MAGIC)) return CgroupMode::kHybrid;
  if (is_fs("/sys/fs/cgroup", TMPFS_MAGIC)) return CgroupMode::kV1;
  return CgroupMode::kNone;
}

std::optional<std::string> cgroup2_mount() {
  switch (cgroup_mode()) {
    case CgroupMode::kV2: return "/sys/fs/cgroup";
    case CgroupMode::kHybrid: return "/sys/fs/cgroup/unified";
    default: return std::nullopt;
  }
}

std::optional<std::string> self_cgroup2_path() {
  auto text = read_text("/proc/self/cgroup");
  if (!text) return std::nullopt;
  for (const auto& line : split(*text, "\n"))
    if (line.rfind("0::", 0) == 0) return line.substr(3);
  return std::nullopt;
}

std::optional<V1Location> self_cgroup_v1(const std::string& controller) {
  auto text = read_text("/proc/self/cgroup");
  if (!text) return std::nullopt;
  for (const auto& line : split(*text, "\n")) {
    // "4:cpu,cpuacct:/path": hierarchy id, controller list, path
    size_t a = line.find(':'), b = line.find(':', a + 1);
    if (a == std::string::npos || b == std::string::npos) continue;
    const std::string controllers = line.substr(a + 1, b - a - 1);
    for (const auto& c : split(controllers, ","))
      if (c == controller) {
        const std::string mount = "/sys/fs/cgroup/" + controllers;
        return V1Location{mount, line.substr(b + 1)};
      }
  }
  return std::nullopt;
}

int cgroup_depth(const std::string& path) { return static_cast<int>(split(path, "/").size()); }

}  // namespace schedlab::sys
