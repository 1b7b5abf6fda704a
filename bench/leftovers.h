#pragma once
// What an interrupted schedlab run can leave behind, looked for from the
// outside (bench/soak): processes of a binary, cgroups named schedlab*,
// journals, and sysctls away from the values they had before.  Each finder
// returns one line per thing found, "" when nothing is.
#include <sys/types.h>

#include <chrono>
#include <functional>
#include <optional>
#include <map>
#include <string>
#include <vector>

namespace bench {

// Processes whose executable (the target of /proc/PID/exe) satisfies
// `wanted`: "process 123 (/path/schedlab-worker)".
std::vector<std::string> processes_where(const std::function<bool(const std::string& exe)>& wanted);

// Directories named schedlab* anywhere in the cgroup hierarchies mounted
// under /sys/fs/cgroup (v2, hybrid's unified and every v1 controller).
std::vector<std::string> schedlab_cgroups();

// Files in a journal directory (journals and their temporary files).
std::vector<std::string> journals_in(const std::string& dir);

// The value of a sysctl named as sysctl(8) does ("kernel.sched_autogroup_enabled"),
// or "" when it cannot be read.
std::string read_sysctl(const std::string& key);

// "KEY is X, was Y" for every sysctl of `expected` whose value differs.
std::vector<std::string> changed_sysctls(const std::map<std::string, std::string>& expected);

// Starts `args` (args[0] an absolute path) with stdout on /dev/null and
// stderr to `stderr_path`; throws when it cannot be started.
pid_t start_schedlab(const std::vector<std::string>& args, const std::string& stderr_path);

// The child's wait status when it ended before `deadline`.
std::optional<int> ended_before(pid_t pid, std::chrono::steady_clock::time_point deadline);

// "exit 3", "killed by SIGKILL".
std::string describe_status(int status);

}  // namespace bench
