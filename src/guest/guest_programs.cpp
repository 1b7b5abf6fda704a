#include "guest/guest_programs.h"

#include <fmt/format.h>

#include <cstdint>
#include <filesystem>
#include <optional>
#include <stdexcept>

#include "core/error.h"
#include "guest/elf_file.h"
#include "guest/initramfs.h"
#include "guest/kernel_files.h"
#include "input/files.h"
#include "runner/run_setup.h"
#include "runner/worker_path.h"

namespace schedlab::guest {
namespace {

namespace fs = std::filesystem;

// Throws UsageError naming `option` unless `path` is an ELF program for
// `arch`, static when `must_be_static`.  A dynamically linked one runs in
// the guest from the host's root: its loader and libraries must be there
// (multiarch puts another architecture's in /usr/lib/<triplet>).
void check_program(const std::string& option, const std::string& path, GuestArch arch, bool must_be_static) {
  const auto bytes = input::read_optional_file(path, input::kProgram);
  const std::string wanted = fmt::format("{}{} program", must_be_static ? "a static " : "an ", to_string(arch));
  if (!bytes) throw UsageError(option, path, wanted + " that exists");
  std::uint16_t machine = 0;
  std::optional<std::string> loader;
  try {  // the ELF reader's own errors (not ELF, tables outside the file) become the option's
    machine = elf_machine_of(*bytes, path);
    loader = elf_interpreter(*bytes, path);
  } catch (const std::runtime_error& e) {
    throw UsageError(option, path, fmt::format("{} ({})", wanted, e.what()));
  }
  if (machine != elf_machine(arch)) throw UsageError(option, path, wanted + " (this one is for another architecture)");
  if (loader && must_be_static)
    throw UsageError(option, path, wanted + " (this one is dynamically linked; the initramfs has no libraries)");
  std::error_code ec;
  if (loader && !fs::exists(*loader, ec))
    throw UsageError(option, path, fmt::format("{} whose loader is on this host ({} is not: the guest runs it from "
                                               "the host's root; scripts/deps --arm64 installs the arm64 libraries)",
                                               wanted, *loader));
}

}  // namespace

GuestPrograms guest_programs(GuestArch arch, const std::string& schedlab, const std::string& busybox) {
  const bool foreign = arch != host_arch();
  GuestPrograms p;
  if (schedlab.empty() && foreign)
    throw UsageError("--guest-schedlab", "",
                     fmt::format("a schedlab built for {} to run there (cmake --preset {} && cmake --build "
                                 "build-{} builds it; then --guest-schedlab build-{}/schedlab)",
                                 to_string(arch), to_string(arch), to_string(arch), to_string(arch)));
  if (schedlab.empty()) {
    p.schedlab = fs::read_symlink("/proc/self/exe").string();
    p.worker = locate_worker();
  } else {
    check_program("--guest-schedlab", schedlab, arch, false);
    p.schedlab = absolute_path(schedlab);
    const auto worker = find_worker(p.schedlab);
    if (!worker)
      throw UsageError("--guest-schedlab", schedlab, "a schedlab with its schedlab-worker beside it or in "
                                                     "../libexec/schedlab, as a build or an install has them");
    check_program("--guest-schedlab", *worker, arch, false);
    p.worker = *worker;
  }
  if (busybox.empty() && foreign)
    throw UsageError("--guest-busybox", "",
                     fmt::format("a static {} busybox for the guest's initramfs or the ramdisk (Debian's busybox-static:{}; "
                                 "scripts/guest-kernels DIR cloud-{} puts it at DIR/cloud-{}/busybox)",
                                 to_string(arch), to_string(arch), to_string(arch), to_string(arch)));
  if (busybox.empty()) {
    p.busybox = static_busybox();
  } else {
    check_program("--guest-busybox", busybox, arch, true);
    p.busybox = absolute_path(busybox);
  }
  return p;
}

}  // namespace schedlab::guest
