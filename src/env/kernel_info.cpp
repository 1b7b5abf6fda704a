#include <sys/utsname.h>

#include "env/environment.h"
#include "env/kernel_config.h"
#include "input/files.h"
#include "sys/proc_files.h"

namespace schedlab {
namespace {

std::string line_or_unknown(const std::string& path) {
  return input::read_system_line(path).value_or("unknown");
}

// PSI is built in but can be off at boot (psi=0): then reads fail.
std::string psi_state(const std::string& built) {
  if (input::read_system_file("/proc/pressure/cpu")) return "active";
  if (built == "y") return "inactive (disabled at boot, psi=0?)";
  return built == "unknown" ? "unknown" : "not built";
}

}  // namespace

nlohmann::ordered_json collect_kernel() {
  utsname u{};
  uname(&u);
  const auto config = KernelConfig::load(u.release);
  nlohmann::ordered_json k;
  k["release"] = u.release;
  k["version"] = u.version;
  k["machine"] = u.machine;
  k["cmdline"] = line_or_unknown("/proc/cmdline");
  k["config_source"] = config.available() ? config.source() : "unknown";
  nlohmann::ordered_json cfg;
  for (const char* option : {"CONFIG_SCHED_AUTOGROUP", "CONFIG_PSI", "CONFIG_SCHEDSTATS",
                             "CONFIG_FAIR_GROUP_SCHED", "CONFIG_CGROUP_SCHED", "CONFIG_PREEMPT",
                             "CONFIG_PREEMPT_DYNAMIC", "CONFIG_HZ", "CONFIG_NO_HZ_FULL"})
    cfg[option] = config.value(option);
  k["config"] = cfg;
  k["sched_autogroup_enabled"] = line_or_unknown("/proc/sys/kernel/sched_autogroup_enabled");
  k["psi"] = psi_state(config.value("CONFIG_PSI"));
  k["pid_max"] = line_or_unknown("/proc/sys/kernel/pid_max");
  k["threads_max"] = line_or_unknown("/proc/sys/kernel/threads-max");
  return k;
}

}  // namespace schedlab
