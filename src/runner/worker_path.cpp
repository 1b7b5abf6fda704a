#include "runner/worker_path.h"

#include <unistd.h>

#include <filesystem>

// The libexec directory relative to the binaries' (CMake computes it from
// the install directories); "../libexec/schedlab" when built otherwise.
#ifndef SCHEDLAB_WORKER_FROM_BIN
#define SCHEDLAB_WORKER_FROM_BIN "../libexec/schedlab"
#endif

namespace schedlab {

std::vector<std::string> worker_locations(const std::string& schedlab) {
  const auto bin = std::filesystem::path(schedlab).parent_path();
  return {(bin / "schedlab-worker").string(),
          (bin / SCHEDLAB_WORKER_FROM_BIN / "schedlab-worker").lexically_normal().string()};
}

std::vector<std::string> worker_locations() {
  std::error_code ec;
  const auto self = std::filesystem::read_symlink("/proc/self/exe", ec);
  if (ec) return {};
  return worker_locations(self.string());
}

namespace {
std::optional<std::string> first_executable(const std::vector<std::string>& paths) {
  for (const auto& path : paths)
    if (access(path.c_str(), X_OK) == 0) return path;
  return std::nullopt;
}
}  // namespace

std::optional<std::string> find_worker() { return first_executable(worker_locations()); }

std::optional<std::string> find_worker(const std::string& schedlab) {
  return first_executable(worker_locations(schedlab));
}

}  // namespace schedlab
