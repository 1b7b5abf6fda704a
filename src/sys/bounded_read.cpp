#include "sys/bounded_read.h"

#include <fcntl.h>
#include <fmt/format.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>

#include "core/error.h"
#include "sys/unique_fd.h"

namespace schedlab::sys {
namespace {

[[noreturn]] void refuse(const std::string& path, const std::string& why) {
  throw UsageError(fmt::format("{}: {}", path, why));
}

const char* kind_of(mode_t mode) {
  if (S_ISDIR(mode)) return "a directory";
  if (S_ISFIFO(mode)) return "a FIFO";
  if (S_ISCHR(mode) || S_ISBLK(mode)) return "a device";
  if (S_ISSOCK(mode)) return "a socket";
  return "not a regular file";
}

// Appends what `fd` holds until end of file; false when it holds more than
// `limit` bytes (the bytes read so far stay in `out`).
bool read_to_limit(int fd, std::size_t limit, std::string& out, int& err) {
  char buf[65536];
  for (ssize_t n; (n = read(fd, buf, sizeof buf)) != 0;) {
    if (n < 0) {
      if (errno == EINTR) continue;
      err = errno;
      return true;
    }
    const auto got = static_cast<std::size_t>(n);
    if (out.size() + got > limit) {
      out.append(buf, limit - out.size());
      return false;
    }
    out.append(buf, got);
  }
  return true;
}

}  // namespace

ReadBytes read_bounded(const std::string& path, const ReadHow& how) {
  // O_NONBLOCK: opening a FIFO must not wait for a writer; O_NOFOLLOW: a
  // symlink in the last component fails with ELOOP instead of being read.
  const int flags = O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOCTTY | (how.follow_symlink ? 0 : O_NOFOLLOW);
  UniqueFd fd(open(path.c_str(), flags));
  if (!fd && errno == ELOOP && !how.follow_symlink) refuse(path, "a symlink (give the file it points to)");
  if (!fd) refuse(path, fmt::format("cannot be read ({})", std::strerror(errno)));
  struct stat st {};
  if (fstat(fd.get(), &st) != 0) refuse(path, fmt::format("cannot be read ({})", std::strerror(errno)));
  if (how.regular_only && !S_ISREG(st.st_mode)) refuse(path, fmt::format("{}, not a regular file", kind_of(st.st_mode)));
  if (S_ISREG(st.st_mode) && static_cast<std::size_t>(st.st_size) > how.limit)
    refuse(path, fmt::format("{} bytes, more than the {} this input can be", st.st_size, how.limit));
  ReadBytes out;
  out.mode = st.st_mode & 07777;
  if (S_ISREG(st.st_mode)) out.bytes.reserve(static_cast<std::size_t>(st.st_size));
  int err = 0;
  if (!read_to_limit(fd.get(), how.limit, out.bytes, err))
    refuse(path, fmt::format("grew past {} bytes while being read", how.limit));
  if (err != 0) refuse(path, fmt::format("read failed ({})", std::strerror(err)));
  return out;
}

bool read_capped(const std::string& path, std::size_t limit, std::string& out) {
  out.clear();
  UniqueFd fd(open(path.c_str(), O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOCTTY));
  if (!fd) return false;
  int err = 0;
  read_to_limit(fd.get(), limit, out, err);
  return err == 0;
}

}  // namespace schedlab::sys
