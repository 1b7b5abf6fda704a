#include <hwloc.h>

#include "core/cpu_list.h"
#include "env/environment.h"
#include "input/files.h"
#include "sys/affinity.h"
#include "sys/proc_files.h"

namespace schedlab {
namespace {

std::string cpu_model() {
  auto text = input::read_system_file("/proc/cpuinfo");
  if (!text) return "unknown";
  for (const char* key : {"model name", "Model", "cpu model", "Processor"})
    if (auto v = sys::status_field(*text, key)) return *v;
  return "unknown";
}

// Packages, NUMA nodes, cores and PUs as hwloc sees them.
nlohmann::ordered_json topology() {
  hwloc_topology_t topo;
  if (hwloc_topology_init(&topo) != 0) return "unknown";
  nlohmann::ordered_json t;
  if (hwloc_topology_load(topo) == 0) {
    auto count = [&](hwloc_obj_type_t type) { return hwloc_get_nbobjs_by_type(topo, type); };
    const int cores = count(HWLOC_OBJ_CORE), pus = count(HWLOC_OBJ_PU);
    t["packages"] = count(HWLOC_OBJ_PACKAGE);
    t["numa_nodes"] = count(HWLOC_OBJ_NUMANODE);
    t["cores"] = cores;
    t["threads"] = pus;
    t["threads_per_core"] = cores > 0 ? pus / cores : 0;
  } else {
    t = "unknown";
  }
  hwloc_topology_destroy(topo);
  return t;
}

std::string smt_state() {
  auto control = input::read_system_line("/sys/devices/system/cpu/smt/control");
  auto active = input::read_system_line("/sys/devices/system/cpu/smt/active");
  if (!control) return "unknown";
  return *control + (active ? (*active == "1" ? " (active)" : " (inactive)") : "");
}

}  // namespace

nlohmann::ordered_json collect_cpus() {
  nlohmann::ordered_json c;
  c["model"] = cpu_model();
  c["online"] = format_cpu_list(sys::online_cpus());
  c["possible"] = format_cpu_list(sys::possible_cpus());
  c["online_count"] = sys::online_cpus().size();
  c["affinity"] = format_cpu_list(sys::affinity_of(0));
  c["topology"] = topology();
  c["governor"] =
      input::read_system_line("/sys/devices/system/cpu/cpu0/cpufreq/scaling_governor").value_or("unknown");
  c["smt"] = smt_state();
  return c;
}

}  // namespace schedlab
