#include "runner/worker_path.h"

#include <unistd.h>

#include <filesystem>

namespace schedlab {

std::optional<std::string> find_worker() {
  std::error_code ec;
  const auto self = std::filesystem::read_symlink("/proc/self/exe", ec);
  if (ec) return std::nullopt;
  const auto worker = self.parent_path() / "schedlab-worker";
  if (access(worker.c_str(), X_OK) != 0) return std::nullopt;
  return worker.string();
}

}  // namespace schedlab
