#include "env/environment.h"
#include "sys/cgroup_paths.h"
#include "sys/limits.h"

namespace schedlab {

nlohmann::ordered_json collect_cgroups() {
  nlohmann::ordered_json g;
  g["mode"] = sys::to_string(sys::cgroup_mode());
  g["v2_mount"] = sys::cgroup2_mount().value_or("none");
  const auto v2 = sys::self_cgroup2_path();
  g["path"] = v2.value_or("unknown");
  g["depth"] = v2 ? sys::cgroup_depth(*v2) : -1;
  if (auto cpu = sys::self_cgroup_v1("cpu")) {
    g["v1_cpu_path"] = cpu->path;
    g["v1_cpu_depth"] = sys::cgroup_depth(cpu->path);
  }
  g["pids_max"] = sys::pids_max_text();
  return g;
}

}  // namespace schedlab
