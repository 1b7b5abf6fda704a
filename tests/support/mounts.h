#pragma once
// A tmpfs a root test mounts, detached on every path (StoreReaders.*, Suite.*).
#include <sys/mount.h>

#include <string>

namespace schedlab::testing {

struct Unmount {
  std::string path;
  ~Unmount() { umount2(path.c_str(), MNT_DETACH); }
};

}  // namespace schedlab::testing
