#pragma once
// The system calls under input/files.h: a file opened without blocking
// and looked at (fstat) before one byte is read, then read to a bound.
// Only the input module calls these; everything else reads through it.
#include <sys/types.h>

#include <cstddef>
#include <string>

namespace schedlab::sys {

struct ReadHow {
  std::size_t limit = 0;        // most bytes; a larger file is refused before reading
  bool follow_symlink = false;  // false: a symlink at `path` itself is refused (O_NOFOLLOW)
  bool regular_only = true;     // false: /proc, /sys and tracefs files (which stat as size 0)
};

struct ReadBytes {
  std::string bytes;
  mode_t mode = 0;  // the file's permission bits
};

// The bytes of `path`, or why not: throws UsageError "PATH: <why>" for a
// symlink (unless followed), a FIFO, device, socket or directory (opened
// with O_NONBLOCK, so a FIFO never waits for a writer), a file past the
// limit (by its size, or by what a read returned), or a failed open/read.
ReadBytes read_bounded(const std::string& path, const ReadHow& how);

// The same for /proc, /sys and tracefs: nullopt-like "" + false when the
// file cannot be opened or read (a missing probe file is ordinary), and
// never more than `limit` bytes: the rest is cut.
bool read_capped(const std::string& path, std::size_t limit, std::string& out);

}  // namespace schedlab::sys
