#include "sys/task_tree.h"

#include <cstdlib>
#include <deque>
#include <filesystem>
#include <set>

#include "sys/proc_files.h"

namespace schedlab::sys {

std::vector<pid_t> process_tree(const std::vector<pid_t>& roots, const std::map<pid_t, pid_t>& parents) {
  std::multimap<pid_t, pid_t> children;
  for (const auto& [pid, ppid] : parents) children.emplace(ppid, pid);
  std::vector<pid_t> out;
  std::set<pid_t> seen;
  std::deque<pid_t> todo(roots.begin(), roots.end());
  while (!todo.empty()) {
    const pid_t pid = todo.front();
    todo.pop_front();
    if (!seen.insert(pid).second) continue;
    out.push_back(pid);
    auto [first, last] = children.equal_range(pid);
    for (auto it = first; it != last; ++it) todo.push_back(it->second);
  }
  return out;
}

std::vector<pid_t> threads_of(pid_t pid) {
  std::vector<pid_t> tids;
  std::error_code ec;
  for (const auto& entry : std::filesystem::directory_iterator("/proc/" + std::to_string(pid) + "/task", ec)) {
    const std::string name = entry.path().filename();
    if (!name.empty() && name.find_first_not_of("0123456789") == std::string::npos)
      tids.push_back(static_cast<pid_t>(std::atol(name.c_str())));
  }
  return tids;
}

std::vector<pid_t> task_tree_tids(const std::vector<pid_t>& roots) {
  std::map<pid_t, pid_t> parents;
  for_each_pid([&](pid_t pid) {
    if (auto ppid = parent_of(pid)) parents[pid] = *ppid;
  });
  std::vector<pid_t> tids;
  for (pid_t pid : process_tree(roots, parents))
    for (pid_t tid : threads_of(pid)) tids.push_back(tid);
  return tids;
}

}  // namespace schedlab::sys
