#pragma once
// A tmpfs a root test mounts in its own directory, later made read-only,
// unmounted on every path out of the test: a mount outlives the process
// (StoreReaders.*, Suite.*).
#include <sys/mount.h>
#include <sys/stat.h>

#include <cerrno>
#include <cstring>
#include <string>

namespace schedlab::testing {

class TmpfsMount {
 public:
  // Makes `path` and mounts a tmpfs of `size` ("16m") on it; why() says
  // what failed, else "".
  TmpfsMount(std::string path, const std::string& size) : path_(std::move(path)) {
    if (mkdir(path_.c_str(), 0755) != 0) why_ = "mkdir: " + std::string(std::strerror(errno));
    else if (mount("tmpfs", path_.c_str(), "tmpfs", 0, ("size=" + size).c_str()) != 0)
      why_ = "mount: " + std::string(std::strerror(errno));
    else mounted_ = true;
  }
  ~TmpfsMount() {
    if (mounted_) umount2(path_.c_str(), MNT_DETACH);
  }
  TmpfsMount(const TmpfsMount&) = delete;
  TmpfsMount& operator=(const TmpfsMount&) = delete;

  const std::string& why() const { return why_; }
  // "" once it is read-only, else why not.
  std::string make_read_only() const {
    return mount(nullptr, path_.c_str(), nullptr, MS_REMOUNT | MS_RDONLY, nullptr) == 0 ? ""
                                                                                      : std::strerror(errno);
  }

 private:
  std::string path_;
  std::string why_;
  bool mounted_ = false;
};

}  // namespace schedlab::testing
