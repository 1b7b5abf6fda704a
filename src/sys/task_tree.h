#pragma once
#include <sys/types.h>

#include <map>
#include <vector>

namespace schedlab::sys {

// The processes of `roots` and every descendant, given each process's
// parent (`parents`: pid -> ppid), roots first, then breadth first.
std::vector<pid_t> process_tree(const std::vector<pid_t>& roots, const std::map<pid_t, pid_t>& parents);

// Every thread id of the running processes of `roots` and their
// descendants, read from /proc now (a task that exits meanwhile is
// skipped).  The copies' tasks at their start barrier: a counter opened on
// each of them with inherit covers the whole tree from then on.
std::vector<pid_t> task_tree_tids(const std::vector<pid_t>& roots);

// The thread ids of one process (/proc/PID/task); empty when it is gone.
std::vector<pid_t> threads_of(pid_t pid);

}  // namespace schedlab::sys
