#pragma once
#include <optional>
#include <string>

namespace schedlab::sys {

// Where schedlab mounts tracefs when it is not mounted (a shared mount,
// scenario/shared_mount.h): the kernel's own mount point for it.
inline constexpr const char* kTracefsMountPoint = "/sys/kernel/tracing";

// The tracefs mount point in mountinfo text, or nullopt.
std::optional<std::string> tracefs_mount(const std::string& mountinfo);

// Whether the kernel has tracefs at all (/proc/filesystems).
bool kernel_has_tracefs();

// Creates the instance directory `path` (a tracefs instances/NAME): 0 or errno.
int make_trace_instance(const std::string& path);
// Removes it (rmdir; the kernel disables its events and frees its buffers).
// "" or what went wrong; an instance already gone is not an error.
std::string remove_trace_instance(const std::string& path) noexcept;

}  // namespace schedlab::sys
