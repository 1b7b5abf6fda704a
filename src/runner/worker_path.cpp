#include "runner/worker_path.h"

#include <unistd.h>

#include <filesystem>

// The libexec directory relative to the binaries' (CMake computes it from
// the install directories); "../libexec/schedlab" when built otherwise.
#ifndef SCHEDLAB_WORKER_FROM_BIN
#define SCHEDLAB_WORKER_FROM_BIN "../libexec/schedlab"
#endif

namespace schedlab {

std::vector<std::string> worker_locations() {
  std::error_code ec;
  const auto self = std::filesystem::read_symlink("/proc/self/exe", ec);
  if (ec) return {};
  const auto bin = self.parent_path();
  return {(bin / "schedlab-worker").string(),
          (bin / SCHEDLAB_WORKER_FROM_BIN / "schedlab-worker").lexically_normal().string()};
}

std::optional<std::string> find_worker() {
  for (const auto& path : worker_locations())
    if (access(path.c_str(), X_OK) == 0) return path;
  return std::nullopt;
}

}  // namespace schedlab
