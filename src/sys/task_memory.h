#pragma once
#include <sys/types.h>

#include <cstdint>
#include <optional>

namespace schedlab::sys {

// Resident set size (VmRSS) of `pid` in KiB; nullopt when it is gone.
std::optional<std::uint64_t> task_rss_kb(pid_t pid);
// Number of memory mappings (lines of /proc/PID/maps); nullopt when gone.
std::optional<std::uint64_t> task_vma_count(pid_t pid);

}  // namespace schedlab::sys
