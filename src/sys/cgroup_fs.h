#pragma once
#include <cstdint>
#include <string>

namespace schedlab::sys {

// Creates one cgroup directory; returns 0 or errno (EEXIST included).
int make_cgroup(const std::string& dir);

// Kills every process in the cgroup `dir` (cgroup.kill where the kernel has
// it, else SIGKILL to each pid of cgroup.procs / tasks), waits until it is
// empty and removes it.  Returns "" or what went wrong.  Never throws.
std::string remove_cgroup(const std::string& dir) noexcept;

// Moves the calling process into the cgroup whose cgroup.procs file is
// `procs_path` by writing "0" to it: async-signal-safe (for use between fork
// and exec).  Returns 0 or errno.
int join_cgroup_in_child(const char* procs_path) noexcept;

// The id of the v2 cgroup `dir` as BPF helpers and the kernel's BTF
// (kernfs_node.id) name it: the inode number of its directory, on 64-bit
// kernels since Linux 5.5.  0 when it cannot be read.
std::uint64_t cgroup_id(const std::string& dir) noexcept;

// Unmounts `point`; returns "" or what went wrong.
std::string unmount(const std::string& point) noexcept;

}  // namespace schedlab::sys
