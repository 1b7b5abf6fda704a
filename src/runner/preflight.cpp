#include "runner/preflight.h"

#include <fmt/format.h>

#include "core/error.h"
#include "spec/run_option_table.h"

namespace schedlab {
namespace {

struct Budget {
  std::string name;       // how the user knows the limit
  std::uint64_t limit;
  std::uint64_t in_use;
};

void check(const Budget& b, std::uint64_t needed, int per_copy, const std::string& copies_text,
           int copies) {
  if (b.in_use + needed <= b.limit) return;
  const std::uint64_t room = b.limit > b.in_use ? b.limit - b.in_use : 0;
  if (room < static_cast<std::uint64_t>(per_copy))
    throw UsageError(fmt::format("one copy needs {} processes or threads here, but {} is {} with {} in "
                                 "use: make each copy smaller (shell: --concurrent; wakeup: -m, -t)",
                                 per_copy, b.name, b.limit, b.in_use));
  throw UsageError(option_name("copies"), copies_text,
                   fmt::format("at most {} copies here: {} copies need {} processes ({} per copy) "
                               "but {} is {} with {} in use",
                               room / static_cast<std::uint64_t>(per_copy), copies, needed,
                               per_copy, b.name, b.limit, b.in_use));
}

}  // namespace

void preflight_process_limits(int copies, int per_copy, const std::string& copies_text,
                              const sys::ProcessLimits& l) {
  const auto needed = static_cast<std::uint64_t>(copies) * static_cast<std::uint64_t>(per_copy);
  if (l.rlimit_nproc && l.nproc_enforced)
    check({"RLIMIT_NPROC (ulimit -u)", *l.rlimit_nproc, l.user_tasks}, needed, per_copy,
          copies_text, copies);
  if (l.pids_max)
    check({"pids.max of " + l.pids_cgroup, *l.pids_max, l.pids_current}, needed, per_copy,
          copies_text, copies);
  if (l.pid_max)
    check({"kernel.pid_max", l.pid_max, l.system_tasks}, needed, per_copy, copies_text, copies);
  if (l.threads_max)
    check({"kernel.threads-max", l.threads_max, l.system_tasks}, needed, per_copy, copies_text,
          copies);
}

}  // namespace schedlab
