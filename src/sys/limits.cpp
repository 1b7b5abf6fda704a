#include "sys/limits.h"

#include <sys/resource.h>
#include <unistd.h>

#include <cstdlib>
#include <filesystem>

#include "sys/affinity.h"
#include "sys/cgroup_layout.h"
#include "sys/proc_files.h"

namespace schedlab::sys {
namespace {

std::uint64_t read_number(const std::string& path) {
  auto line = read_line(path);
  return line ? std::strtoull(line->c_str(), nullptr, 10) : 0;
}

// Counts tasks system-wide and those whose real uid is `uid` (what
// RLIMIT_NPROC counts).
void count_tasks(uid_t uid, ProcessLimits& out) {
  for_each_pid([&](pid_t pid) {
    auto status = read_text("/proc/" + std::to_string(pid) + "/status");
    if (!status) return;
    auto threads = status_field(*status, "Threads");
    const std::uint64_t n = threads ? std::strtoull(threads->c_str(), nullptr, 10) : 1;
    out.system_tasks += n;
    auto uids = status_field(*status, "Uid");
    if (uids && std::strtoul(uids->c_str(), nullptr, 10) == uid) out.user_tasks += n;
  });
}

// The pids controller directory of our cgroup: v1 "pids" hierarchy or v2.
std::optional<std::string> pids_dir() {
  const auto layout = read_cgroup_layout();
  if (auto v1 = layout.v1_dir("pids")) return v1;
  return layout.v2_dir();
}

// Walks from our cgroup to the root; keeps the level with the least headroom.
void read_pids_limit(ProcessLimits& out) {
  auto dir = pids_dir();
  if (!dir) return;
  std::optional<std::uint64_t> best_headroom;
  for (std::filesystem::path p = *dir; p.has_relative_path(); p = p.parent_path()) {
    auto max = read_line((p / "pids.max").string());
    if (!max || *max == "max") continue;
    const std::uint64_t limit = std::strtoull(max->c_str(), nullptr, 10);
    const std::uint64_t current = read_number((p / "pids.current").string());
    const std::uint64_t headroom = limit > current ? limit - current : 0;
    if (!best_headroom || headroom < *best_headroom) {
      best_headroom = headroom;
      out.pids_max = limit;
      out.pids_current = current;
      out.pids_cgroup = p.string();
    }
  }
}

}  // namespace

ProcessLimits read_process_limits() {
  ProcessLimits out;
  rlimit rl{};
  if (getrlimit(RLIMIT_NPROC, &rl) == 0 && rl.rlim_cur != RLIM_INFINITY) out.rlimit_nproc = rl.rlim_cur;
  out.nproc_enforced = geteuid() != 0;
  if (getrlimit(RLIMIT_RTPRIO, &rl) == 0) out.rlimit_rtprio = rl.rlim_cur == RLIM_INFINITY ? 99 : rl.rlim_cur;
  if (getrlimit(RLIMIT_NICE, &rl) == 0) out.rlimit_nice = rl.rlim_cur == RLIM_INFINITY ? 40 : rl.rlim_cur;
  out.usable_cpus = static_cast<int>(affinity_of(0).size());
  out.pid_max = read_number("/proc/sys/kernel/pid_max");
  out.threads_max = read_number("/proc/sys/kernel/threads-max");
  count_tasks(getuid(), out);
  read_pids_limit(out);
  return out;
}

std::string pids_max_text() {
  auto dir = pids_dir();
  if (!dir) return "unknown";
  auto max = read_line(*dir + "/pids.max");
  return max ? *max : "none";
}

}  // namespace schedlab::sys
