#pragma once
// Files from outside: what the user names, what goes into an artifact, and
// the kernel's own files.  None of them blocks on a FIFO, reads a device or
// reads without bound; every refusal is an InputError (exit 2).
#include <sys/types.h>

#include <cstddef>
#include <optional>
#include <string>

#include "input/limits.h"
#include "sys/proc_files.h"

namespace schedlab::input {

// A file the user named (a result file, a baseline, `/vmlinuz`): a symlink
// is resolved once and the regular file it names is read; a FIFO, device,
// socket or directory is refused without blocking; at most kind.max_bytes.
std::string read_named_file(const std::string& path, const FileKind& kind);

// A file packed into an artifact (a ramdisk, an initramfs): a symlink is
// refused, never followed, and the file's permission bits come with it so
// the artifact never grants more than the file did.
struct PackedFile {
  std::string bytes;
  mode_t mode = 0;
};
PackedFile read_packed_file(const std::string& path, const FileKind& kind);

// A file that may well be absent or unfit (a guest's output, QEMU's log,
// /bin/busybox, a modules directory's modules.builtin): read as
// read_packed_file() does, nullopt instead of any refusal.
std::optional<std::string> read_optional_file(const std::string& path, const FileKind& kind);

// At most the first `bytes` bytes of `path` (a kernel image's header), or
// "" when it cannot be read; never blocks.
std::string read_file_head(const std::string& path, std::size_t bytes);

// A kernel file (/proc, /sys, tracefs, debugfs): read without blocking and
// cut at `limit`; nullopt when it cannot be read (a probe that is missing).
std::optional<std::string> read_system_file(const std::string& path,
                                            std::size_t limit = sys::kSystemFileLimit);

// Its first line without the newline (/proc/PID/comm, a sysfs setting).
std::optional<std::string> read_system_line(const std::string& path);

// The same where the file must be there; throws SystemError naming `action`.
std::string read_system_file_or_throw(const std::string& action, const std::string& path);

}  // namespace schedlab::input
