#include "env/environment.h"
#include "sys/cgroup_layout.h"
#include "sys/limits.h"

namespace schedlab {

nlohmann::ordered_json collect_cgroups() {
  const auto layout = sys::read_cgroup_layout();
  nlohmann::ordered_json g;
  g["mode"] = sys::to_string(layout.mode);
  g["v2_mount"] = layout.v2_mount.value_or("none");
  g["path"] = layout.v2_path.value_or("unknown");
  g["depth"] = layout.v2_path ? sys::cgroup_depth(*layout.v2_path) : -1;
  if (auto it = layout.v1_paths.find("cpu"); it != layout.v1_paths.end() && layout.v1_mounts.count("cpu")) {
    g["v1_cpu_path"] = it->second;
    g["v1_cpu_depth"] = sys::cgroup_depth(it->second);
  }
  g["pids_max"] = sys::pids_max_text();
  return g;
}

}  // namespace schedlab
