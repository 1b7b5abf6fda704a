#include "runner/copy_readback.h"

#include <fmt/format.h>
#include <unistd.h>

#include "core/cpu_list.h"
#include "input/files.h"
#include "scenario/sched_policy.h"
#include "sys/affinity.h"
#include "sys/cgroup_layout.h"
#include "sys/proc_files.h"
#include "sys/sched_attr.h"

namespace schedlab {
namespace {

// Autogroup only applies to tasks in the root task group: the root of the
// hierarchy that carries the cpu controller.
bool in_root_task_group(const sys::CgroupLayout& layout) {
  if (auto cpu = layout.v1_paths.find("cpu"); cpu != layout.v1_paths.end() && layout.v1_mounts.count("cpu"))
    return cpu->second == "/";
  if (!layout.v2_mount || !layout.v2_path) return true;
  const auto subtree = input::read_system_file(*layout.v2_mount + "/cgroup.subtree_control").value_or("");
  bool cpu_enabled = false;
  for (const auto& w : sys::split(subtree, " \n")) cpu_enabled |= w == "cpu";
  return *layout.v2_path == "/" || !cpu_enabled;
}

void check_cgroups(int index, const sys::CgroupLayout& layout, const CopySettings& s,
                   ordered_json& copy, std::vector<std::string>& problems) {
  const std::string v2 = layout.v2_path.value_or("");
  const auto cpu_it = layout.v1_paths.find("cpu");
  const std::string cpu = cpu_it == layout.v1_paths.end() ? "" : cpu_it->second;
  copy["cgroup"] = v2;
  copy["cgroup_depth"] = sys::cgroup_depth(v2);
  if (layout.v1_mounts.count("cpu")) copy["cpu_cgroup"] = cpu;
  if (!s.expected_v2_path.empty() && v2 != s.expected_v2_path)
    problems.push_back(fmt::format("copy {} runs in cgroup {}, not {}", index, v2, s.expected_v2_path));
  if (!s.expected_cpu_v1_path.empty() && cpu != s.expected_cpu_v1_path)
    problems.push_back(fmt::format("copy {} runs in cpu cgroup {}, not {}", index, cpu,
                                   s.expected_cpu_v1_path));
}

void check_sched(int index, pid_t pid, const CopySettings& s, ordered_json& copy,
                 std::vector<std::string>& problems) {
  auto attr = sys::get_sched_attr(pid);
  if (!attr) return;
  copy["policy"] = policy_text(*attr);
  copy["nice"] = attr->nice;
  if (s.sched && (attr->policy != s.sched->policy || attr->priority != s.sched->priority ||
                  attr->nice != s.sched->nice))
    problems.push_back(fmt::format("copy {} runs with policy {} nice {}, not {} nice {}", index,
                                   policy_text(*attr), attr->nice, policy_text(*s.sched),
                                   s.sched->nice));
}

}  // namespace

ordered_json read_back_copy(int index, pid_t pid, pid_t partner, const CopyExpectation& expect,
                            std::vector<std::string>& problems) {
  ordered_json copy = {{"index", index}, {"pid", pid}};
  const auto cpus = sys::affinity_of(pid);
  copy["cpus"] = format_cpu_list(cpus);
  if (expect.check_affinity && cpus != expect.placement->cpus)
    problems.push_back(fmt::format("copy {} runs on CPUs {}, not {} (a cpuset may restrict it)",
                                   index, format_cpu_list(cpus),
                                   format_cpu_list(expect.placement->cpus)));
  if (partner > 0) copy["partner_cpus"] = format_cpu_list(sys::affinity_of(partner));
  const auto layout = sys::read_cgroup_layout(pid);
  const CopySettings none;
  const CopySettings& settings = expect.settings ? *expect.settings : none;
  check_cgroups(index, layout, settings, copy, problems);
  const pid_t sid = getsid(pid);
  copy["session"] = sid;
  if (settings.setsid && sid != pid)
    problems.push_back(fmt::format("copy {} is in session {}, not its own", index, sid));
  copy["autogroup"] =
      input::read_system_line("/proc/" + std::to_string(pid) + "/autogroup").value_or("none");
  copy["root_task_group"] = in_root_task_group(layout);
  check_sched(index, pid, settings, copy, problems);
  return copy;
}

}  // namespace schedlab
