#include "sys/safe_files_dir.h"

#include <fcntl.h>

#include <cerrno>
#include <filesystem>
#include <map>
#include <mutex>

#include "core/error.h"

namespace schedlab::sys {
namespace {

namespace fs = std::filesystem;

struct HeldDirs {
  std::mutex mutex;
  std::map<std::string, UniqueFd> by_name;
};

HeldDirs& held() {
  static HeldDirs dirs;
  return dirs;
}

// O_PATH: a handle for the *at calls, which needs no read permission.
int open_dir(const std::string& dir) { return open(dir.c_str(), O_PATH | O_DIRECTORY | O_CLOEXEC); }

std::string normal_dir(const std::string& dir) {
  std::string normal = fs::path(dir).lexically_normal().string();
  while (normal.size() > 1 && normal.back() == '/') normal.pop_back();
  return normal.empty() ? "." : normal;
}

}  // namespace

std::string output_dir_of(const std::string& path) {
  return normal_dir(fs::path(path).lexically_normal().parent_path().string());
}

void hold_output_dir(const std::string& dir) {
  const std::string key = normal_dir(dir);
  HeldDirs& h = held();
  const std::lock_guard lock(h.mutex);
  if (h.by_name.count(key) != 0) return;
  UniqueFd fd(open_dir(key));
  if (fd) h.by_name.emplace(key, std::move(fd));
}

OutputPlace::OutputPlace(const std::string& path)
    : name_(fs::path(path).lexically_normal().filename().string()), path_(path) {
  const std::string dir = output_dir_of(path);
  {
    HeldDirs& h = held();
    const std::lock_guard lock(h.mutex);
    if (auto it = h.by_name.find(dir); it != h.by_name.end()) dir_ = it->second.get();
  }
  if (dir_ < 0) {
    owned_ = UniqueFd(open_dir(dir));
    if (!owned_) throw SystemError("open the directory of", path, errno);
    dir_ = owned_.get();
  }
  if (name_.empty() || name_ == "." || name_ == "..") throw SystemError("write", path, EISDIR);
}

}  // namespace schedlab::sys
