#pragma once
#include <sys/types.h>

#include <cstddef>
#include <string>

#include "sys/unique_fd.h"

namespace schedlab::sys {

// Files that schedlab reads and writes as root, possibly in directories
// other users can write to: nothing here follows a planted symlink on
// creation, blocks on a FIFO, or reads without bound.

// The text of a regular file of at most `limit` bytes.  A FIFO, device,
// directory or larger file is refused at once, never read.  Throws
// UsageError "PATH: <why>".
std::string read_regular_file(const std::string& path, std::size_t limit);

// Every file schedlab writes goes through the two functions below, and
// both refuse to replace anything at `path` that is not a regular file or a
// symlink: renaming over /dev/null would turn the machine's /dev/null into a
// regular file.  A symlink is replaced, never followed.  Both work relative
// to the directory of `path` held open since its option was validated (or
// opened at the call), never through the path again (sys/safe_files_dir.h).

// "" when `path` can be an output file: absent, a regular file, or a
// symlink (which is replaced); else why not ("a directory", "a device, FIFO
// or socket").  Says nothing about the directory.
std::string output_file_problem(const std::string& path);

// The check every output option makes before anything runs: the path is
// not empty, output_file_problem() finds nothing, and its directory exists
// and is writable.  Throws UsageError naming `option`, the value and what is
// allowed.  The directory is then held open (sys/safe_files_dir.h): the
// writers below put the file in it even if its path is swapped later.
void check_output_file(const std::string& option, const std::string& path);

// Replaces `path` with `text` atomically: a new file PATH.tmp.XXXXXX made
// with O_EXCL|O_NOFOLLOW in the same directory (never an existing file or
// link), written, then renamed over `path`.  The temporary file is removed on every failure.
// Throws SystemError naming the step and `path` (EINVAL when `path` is
// something output_file_problem() refuses).
void write_file_atomically(const std::string& path, const std::string& text, mode_t mode);

// A new file for output: whatever is at `path` (an earlier run's file, or a
// planted symlink) is unlinked, then the file is created with
// O_CREAT|O_EXCL|O_NOFOLLOW, so it is never someone else's file.  Throws
// SystemError (EINVAL when `path` is something output_file_problem() refuses).
UniqueFd create_output_file(const std::string& path, mode_t mode);

// The directory `dir`, created 0700 when missing; refused (Error, naming
// it) unless it is a real directory (not a symlink) owned by us and not
// writable by group or others.  For journals, which say what to write and
// remove as root.
void ensure_private_dir(const std::string& dir);
// The same check without creating: "" when `dir` is safe or absent, else why not.
std::string private_dir_problem(const std::string& dir);

}  // namespace schedlab::sys
