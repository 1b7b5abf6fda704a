#include "sys/process_cpu.h"

#include <unistd.h>

#include <charconv>
#include <map>
#include <string>
#include <vector>

#include "sys/proc_files.h"
#include "sys/task_tree.h"

namespace schedlab::sys {

std::optional<ProcessCpu> parse_process_cpu(std::string_view stat, long ticks_per_s) {
  const size_t close = stat.rfind(')');
  if (close == std::string_view::npos || ticks_per_s <= 0) return std::nullopt;
  ProcessCpu p;
  if (std::from_chars(stat.data(), stat.data() + stat.size(), p.pid).ec != std::errc()) return std::nullopt;
  // Fields after the name, from 3 (state): ppid is 4; utime, stime, cutime,
  // cstime are 14 to 17 (proc(5)).
  std::vector<long long> fields;
  for (size_t pos = close + 1; fields.size() < 16;) {
    pos = stat.find_first_not_of(' ', pos);
    if (pos == std::string_view::npos) return std::nullopt;
    const size_t end = std::min(stat.find(' ', pos), stat.size());
    long long v = 0;
    if (fields.empty()) v = 0;  // the state letter
    else if (std::from_chars(stat.data() + pos, stat.data() + end, v).ec != std::errc()) return std::nullopt;
    fields.push_back(v);
    pos = end;
  }
  const double tick = 1.0 / static_cast<double>(ticks_per_s);
  p.ppid = static_cast<pid_t>(fields[1]);
  p.own_s = static_cast<double>(fields[11] + fields[12]) * tick;
  p.reaped_s = static_cast<double>(fields[13] + fields[14]) * tick;
  return p;
}

double tree_cpu_seconds(const std::vector<pid_t>& roots) {
  const long ticks = sysconf(_SC_CLK_TCK);
  std::map<pid_t, ProcessCpu> all;
  std::map<pid_t, pid_t> parents;
  for_each_pid([&](pid_t pid) {
    const auto text = read_text("/proc/" + std::to_string(pid) + "/stat");
    if (!text) return;
    if (const auto p = parse_process_cpu(*text, ticks)) {
      all[pid] = *p;
      parents[pid] = p->ppid;
    }
  });
  double s = 0;
  for (pid_t pid : process_tree(roots, parents))
    if (const auto it = all.find(pid); it != all.end()) s += it->second.own_s + it->second.reaped_s;
  return s;
}

}  // namespace schedlab::sys
