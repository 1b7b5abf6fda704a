#include "sys/owned_files.h"

#include <fcntl.h>
#include <fmt/format.h>
#include <pwd.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <filesystem>

#include "core/error.h"
#include "sys/unique_fd.h"

namespace schedlab::sys {
namespace {

std::string user_name(uid_t uid) {
  struct passwd entry {};
  struct passwd* found = nullptr;
  char buf[1024];
  if (getpwuid_r(uid, &entry, buf, sizeof buf, &found) != 0 || !found) return "";
  return fmt::format(" ({})", found->pw_name);
}

}  // namespace

std::string planted_file_problem(const std::string& path) {
  struct stat st {};
  // Nothing there, or nothing we can see (a parent that is a file, one we
  // cannot search): whoever opens it next says why it cannot.
  if (lstat(path.c_str(), &st) != 0) return "";
  if (S_ISLNK(st.st_mode)) return "it is a symbolic link";
  if (!S_ISREG(st.st_mode)) return "it is not a regular file";
  if (st.st_uid != geteuid() && st.st_uid != 0)
    return fmt::format("it is owned by uid {}{}, not by you or root", st.st_uid, user_name(st.st_uid));
  return "";
}

void make_private_directories(const std::string& dir) {
  namespace fs = std::filesystem;
  fs::path made;
  for (const auto& part : fs::path(dir)) {
    made /= part;
    if (mkdir(made.c_str(), 0700) != 0 && errno != EEXIST) throw SystemError("create", made.string(), errno);
  }
}

bool create_new_file(const std::string& path, mode_t mode) {
  UniqueFd fd(open(path.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, mode));
  if (fd) return true;
  if (errno == EEXIST) return false;
  throw SystemError("create", path, errno);
}

}  // namespace schedlab::sys
