#include <gnu/libc-version.h>
#include <sys/resource.h>
#include <unistd.h>

#include <filesystem>

#include "env/environment.h"
#include "input/files.h"
#include "sys/hypervisor_vendor.h"
#include "sys/proc_files.h"

namespace schedlab {
namespace {

// Hypervisor (from the CPU flag and sysfs) and container hints.
nlohmann::ordered_json virtualization() {
  nlohmann::ordered_json v;
  auto cpuinfo = input::read_system_file("/proc/cpuinfo").value_or("");
  auto flags = sys::status_field(cpuinfo, "flags").value_or("");
  v["hypervisor"] = (" " + flags + " ").find(" hypervisor ") != std::string::npos ? "yes" : "no";
  v["hypervisor_type"] = input::read_system_line("/sys/hypervisor/type").value_or("unknown");
  v["hypervisor_vendor"] = sys::hypervisor_vendor();  // "tcg" inside an emulated guest
  v["product"] = input::read_system_line("/sys/class/dmi/id/product_name").value_or("unknown");
  std::error_code ec;
  const bool container = std::filesystem::exists("/.dockerenv", ec) ||
                         std::filesystem::exists("/run/.containerenv", ec);
  v["container"] = container ? "yes" : "no";
  return v;
}

std::string resolve(const char* path) {
  std::error_code ec;
  auto p = std::filesystem::canonical(path, ec);
  return ec ? "unknown" : p.string();
}

nlohmann::ordered_json rlimit_nproc() {
  rlimit rl{};
  if (getrlimit(RLIMIT_NPROC, &rl) != 0) return "unknown";
  if (rl.rlim_cur == RLIM_INFINITY) return "unlimited";
  return rl.rlim_cur;
}

}  // namespace

nlohmann::ordered_json collect_system() {
  nlohmann::ordered_json s;
  char host[256] = {};
  gethostname(host, sizeof host - 1);
  s["hostname"] = host;
  s["virtualization"] = virtualization();
  s["libc"] = std::string("glibc ") + gnu_get_libc_version();
  s["bin_sh"] = resolve("/bin/sh");
  s["rlimit_nproc"] = rlimit_nproc();
  s["euid"] = geteuid();
  return s;
}

}  // namespace schedlab
