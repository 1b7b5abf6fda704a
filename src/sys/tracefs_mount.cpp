#include "sys/tracefs_mount.h"

#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>

#include "sys/cgroup_layout.h"
#include "sys/proc_files.h"

namespace schedlab::sys {

std::optional<std::string> tracefs_mount(const std::string& mountinfo) {
  return find_mount(mountinfo, "tracefs");
}

bool kernel_has_tracefs() {
  for (const auto& line : split(read_text("/proc/filesystems").value_or(""), "\n"))
    if (line.find("\ttracefs") != std::string::npos) return true;
  return false;
}

int make_trace_instance(const std::string& path) {
  return mkdir(path.c_str(), 0700) == 0 ? 0 : errno;
}

std::string remove_trace_instance(const std::string& path) noexcept {
  // An instance whose files are still open is busy for a moment after its
  // reader closed them: retry briefly.
  for (int attempt = 0; attempt < 50; ++attempt) {
    if (rmdir(path.c_str()) == 0 || errno == ENOENT) return "";
    if (errno != EBUSY) break;
    usleep(20000);
  }
  return "removing trace instance " + path + " failed: " + std::strerror(errno);
}

}  // namespace schedlab::sys
