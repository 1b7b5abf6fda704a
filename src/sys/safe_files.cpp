#include "sys/safe_files.h"

#include <fcntl.h>
#include <fmt/format.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <filesystem>
#include <random>

#include "core/error.h"
#include "sys/safe_files_dir.h"

namespace schedlab::sys {

std::string read_regular_file(const std::string& path, std::size_t limit) {
  // O_NONBLOCK: opening a FIFO must not wait for a writer.
  UniqueFd fd(open(path.c_str(), O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOCTTY));
  if (!fd) throw UsageError(fmt::format("{}: cannot be read ({})", path, std::strerror(errno)));
  struct stat st {};
  if (fstat(fd.get(), &st) != 0) throw UsageError(fmt::format("{}: cannot be read ({})", path, std::strerror(errno)));
  if (!S_ISREG(st.st_mode)) throw UsageError(fmt::format("{}: not a regular file", path));
  if (static_cast<std::size_t>(st.st_size) > limit)
    throw UsageError(fmt::format("{}: {} bytes, more than the {} a result or journal can be", path,
                                 st.st_size, limit));
  std::string text;
  text.reserve(static_cast<std::size_t>(st.st_size));
  char buf[65536];
  for (ssize_t n; (n = read(fd.get(), buf, sizeof buf)) != 0;) {
    if (n < 0) throw UsageError(fmt::format("{}: read failed ({})", path, std::strerror(errno)));
    if (text.size() + static_cast<std::size_t>(n) > limit)
      throw UsageError(fmt::format("{}: grew past {} bytes while being read", path, limit));
    text.append(buf, static_cast<std::size_t>(n));
  }
  return text;
}

namespace {

void write_all(int fd, const std::string& text, const std::string& what) {
  for (std::size_t done = 0; done < text.size();) {
    const ssize_t n = write(fd, text.data() + done, text.size() - done);
    if (n < 0) throw SystemError("write", what, errno);
    done += static_cast<std::size_t>(n);
  }
}

// The temporary file beside the output, unlinked unless released.
struct TempFile {
  const OutputPlace& place;
  std::string name;
  bool keep = false;
  ~TempFile() {
    if (!keep && !name.empty()) unlinkat(place.dir(), name.c_str(), 0);
  }
};

// output_file_problem() of `name` in the directory `dir` (or AT_FDCWD).
std::string problem_at(int dir, const char* name) {
  struct stat st {};
  if (fstatat(dir, name, &st, AT_SYMLINK_NOFOLLOW) != 0) return "";  // absent (or unreachable: the write will say)
  if (S_ISREG(st.st_mode) || S_ISLNK(st.st_mode)) return "";
  if (S_ISDIR(st.st_mode)) return "a directory";
  return "a device, FIFO or socket";
}

// Throws when the place holds something an output must never replace.
void refuse_special(const OutputPlace& place, const char* step) {
  if (const auto problem = problem_at(place.dir(), place.name().c_str()); !problem.empty())
    throw SystemError(fmt::format("{} ({})", step, problem), place.path(), EINVAL);
}

// NAME.tmp.XXXXXX made with O_EXCL in the place's directory, as mkstemp
// would make it there (the journal's reader knows that name).
UniqueFd make_temp(const OutputPlace& place, TempFile& tmp) {
  static constexpr char kChars[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";
  std::random_device random;
  for (int attempt = 0; attempt < 100; ++attempt) {
    std::string name = place.name() + ".tmp.";
    for (int i = 0; i < 6; ++i) name += kChars[random() % (sizeof kChars - 1)];
    UniqueFd fd(openat(place.dir(), name.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0600));
    if (fd) {
      tmp.name = name;
      return fd;
    }
    if (errno != EEXIST) break;
  }
  throw SystemError("create a temporary file for", place.path(), errno);
}

}  // namespace

std::string output_file_problem(const std::string& path) { return problem_at(AT_FDCWD, path.c_str()); }

void check_output_file(const std::string& option, const std::string& path) {
  namespace fs = std::filesystem;
  if (path.empty()) throw UsageError(option, path, "a file name");
  if (const auto problem = output_file_problem(path); problem == "a directory")
    throw UsageError(option, path, "a file name, not a directory");
  else if (!problem.empty())
    throw UsageError(option, path, fmt::format("a regular file or a new name (this is {})", problem));
  std::error_code ec;
  fs::path dir = fs::path(path).parent_path();
  if (dir.empty()) dir = ".";
  if (!fs::is_directory(dir, ec))
    throw UsageError(option, path, "a file in an existing directory (" + dir.string() + " does not exist)");
  if (access(dir.c_str(), W_OK) != 0)
    throw UsageError(option, path, "a file in a writable directory (" + dir.string() + " is not)");
  hold_output_dir(output_dir_of(path));  // what is checked now is where it will be written
}

void write_file_atomically(const std::string& path, const std::string& text, mode_t mode) {
  const OutputPlace place(path);
  refuse_special(place, "replace");
  TempFile tmp{place, ""};
  UniqueFd fd = make_temp(place, tmp);
  write_all(fd.get(), text, path);
  if (fchmod(fd.get(), mode) != 0 || fsync(fd.get()) != 0) throw SystemError("write", path, errno);
  fd.reset();
  refuse_special(place, "replace");  // again: it may have appeared while we wrote
  if (renameat(place.dir(), tmp.name.c_str(), place.dir(), place.name().c_str()) != 0)
    throw SystemError("rename into place", path, errno);
  tmp.keep = true;
}

UniqueFd create_output_file(const std::string& path, mode_t mode) {
  const OutputPlace place(path);
  refuse_special(place, "replace");
  if (unlinkat(place.dir(), place.name().c_str(), 0) != 0 && errno != ENOENT) throw SystemError("replace", path, errno);
  UniqueFd fd(openat(place.dir(), place.name().c_str(), O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, mode));
  if (!fd) throw SystemError("create", path, errno);
  return fd;
}

std::string private_dir_problem(const std::string& dir) {
  struct stat st {};
  if (lstat(dir.c_str(), &st) != 0) return errno == ENOENT ? "" : std::strerror(errno);
  if (!S_ISDIR(st.st_mode)) return "it is not a directory (a symlink or a file)";
  if (st.st_uid != geteuid())
    return fmt::format("it belongs to uid {}, not to us (uid {})", st.st_uid, geteuid());
  if ((st.st_mode & 022) != 0) return fmt::format("its mode {:o} lets others write to it", st.st_mode & 0777);
  return "";
}

void ensure_private_dir(const std::string& dir) {
  if (mkdir(dir.c_str(), 0700) != 0 && errno != EEXIST) throw SystemError("create", dir, errno);
  if (auto problem = private_dir_problem(dir); !problem.empty())
    throw Error(ExitStatus::kNotApplied,
                fmt::format("journal directory {}: {}; refusing to use it (remove it if it is not yours)",
                            dir, problem));
}

}  // namespace schedlab::sys
