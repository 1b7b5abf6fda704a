#pragma once
#include <sys/types.h>

#include <cstdint>
#include <optional>

namespace schedlab::sys {

// A scheduling policy with its priority (fifo/rr) and nice value.
struct SchedAttr {
  std::uint32_t policy = 0;    // SCHED_OTHER, SCHED_BATCH, SCHED_IDLE, SCHED_FIFO, SCHED_RR
  std::uint32_t priority = 0;  // 1..99 for fifo/rr, else 0
  std::int32_t nice = 0;       // -20..19 (other, batch)
};

// sched_setattr on `pid` (0 = caller); returns 0 or errno.  Async-signal-safe.
int set_sched_attr(pid_t pid, const SchedAttr& attr) noexcept;
// sched_getattr of `pid`; nullopt when it is gone.
std::optional<SchedAttr> get_sched_attr(pid_t pid);

// Tries `attr` in a throwaway child, so a lack of privilege is known before
// any copy starts; returns 0 or errno.
int probe_sched_attr(const SchedAttr& attr);

const char* policy_name(std::uint32_t policy);

}  // namespace schedlab::sys
