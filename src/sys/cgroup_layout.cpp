#include "sys/cgroup_layout.h"

#include "sys/proc_files.h"

namespace schedlab::sys {
namespace {

struct Mount {
  std::string point, fstype, super_options;
};

// "ID PARENT MAJ:MIN ROOT POINT OPTS [OPTIONAL...] - FSTYPE SOURCE SUPER_OPTS"
std::optional<Mount> parse_mount_line(const std::string& line) {
  const size_t dash = line.find(" - ");
  if (dash == std::string::npos) return std::nullopt;
  const auto left = split(line.substr(0, dash), " ");
  const auto right = split(line.substr(dash + 3), " ");
  if (left.size() < 5 || right.size() < 3) return std::nullopt;
  return Mount{left[4], right[0], right[2]};
}

bool is_option_not_controller(const std::string& option) {
  return option == "rw" || option == "ro" || option.rfind("name=", 0) == 0 ||
         option.find('=') != std::string::npos || option == "clone_children" ||
         option == "noprefix" || option == "xattr" || option == "cpuset_v2_mode";
}

std::string join_path(const std::string& mount, const std::string& path) {
  return path == "/" ? mount : mount + path;
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

std::optional<std::string> CgroupLayout::v1_dir(const std::string& controller) const {
  auto mount = v1_mounts.find(controller);
  auto path = v1_paths.find(controller);
  if (mount == v1_mounts.end() || path == v1_paths.end()) return std::nullopt;
  return join_path(mount->second, path->second);
}

std::optional<std::string> CgroupLayout::v2_dir() const {
  if (!v2_mount || !v2_path) return std::nullopt;
  return join_path(*v2_mount, *v2_path);
}

CgroupLayout parse_cgroup_layout(const std::string& mountinfo, const std::string& proc_cgroup) {
  CgroupLayout layout;
  for (const auto& line : split(mountinfo, "\n")) {
    auto m = parse_mount_line(line);
    if (!m) continue;
    if (m->fstype == "cgroup2" && !layout.v2_mount) layout.v2_mount = m->point;
    if (m->fstype != "cgroup") continue;
    for (const auto& option : split(m->super_options, ","))
      if (!is_option_not_controller(option)) layout.v1_mounts.emplace(option, m->point);
  }
  for (const auto& line : split(proc_cgroup, "\n")) {
    const size_t a = line.find(':'), b = line.find(':', a + 1);
    if (a == std::string::npos || b == std::string::npos) continue;
    const std::string controllers = line.substr(a + 1, b - a - 1), path = line.substr(b + 1);
    if (line.compare(0, a, "0") == 0 && controllers.empty()) {
      layout.v2_path = path;
      continue;
    }
    for (const auto& c : split(controllers, ",")) layout.v1_paths[c] = path;
  }
  const bool v1 = !layout.v1_mounts.empty();
  layout.mode = layout.v2_mount ? (v1 ? CgroupMode::kHybrid : CgroupMode::kV2)
                                : (v1 ? CgroupMode::kV1 : CgroupMode::kNone);
  return layout;
}

CgroupLayout read_cgroup_layout(int pid) {
  const std::string dir = pid == 0 ? "/proc/self" : "/proc/" + std::to_string(pid);
  return parse_cgroup_layout(read_text(dir + "/mountinfo").value_or(""),
                             read_text(dir + "/cgroup").value_or(""));
}

std::optional<std::string> find_mount(const std::string& mountinfo, const std::string& fstype) {
  const auto points = find_mounts(mountinfo, fstype);
  if (points.empty()) return std::nullopt;
  return points.front();
}

std::vector<std::string> find_mounts(const std::string& mountinfo, const std::string& fstype) {
  std::vector<std::string> points;
  for (const auto& line : split(mountinfo, "\n"))
    if (auto m = parse_mount_line(line); m && m->fstype == fstype) points.push_back(m->point);
  return points;
}

int cgroup_depth(const std::string& path) { return static_cast<int>(split(path, "/").size()); }

}  // namespace schedlab::sys
