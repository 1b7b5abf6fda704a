#include "guest/qemu_command.h"

#include <fmt/format.h>
#include <unistd.h>

#include <filesystem>

#include "core/error.h"
#include "sys/helper_process.h"

namespace schedlab::guest {
namespace {

namespace fs = std::filesystem;

std::string on_path(const std::string& name) {
  const char* path = std::getenv("PATH");
  for (const auto& dir : {std::string(path ? path : ""), std::string("/usr/bin:/usr/local/bin")}) {
    std::size_t at = 0;
    while (at <= dir.size()) {
      const std::size_t end = std::min(dir.find(':', at), dir.size());
      std::string candidate = dir.substr(at, end - at) + "/" + name;
      if (end > at && access(candidate.c_str(), X_OK) == 0) return candidate;
      at = end + 1;
    }
  }
  return "";
}

void add_vhost_user_fs(std::vector<std::string>& a, const std::string& tag, const std::string& socket) {
  a.insert(a.end(), {"-chardev", fmt::format("socket,id={},path={}", tag, socket), "-device",
                     fmt::format("vhost-user-fs-pci,chardev={},tag={},queue-size=1024", tag, tag)});
}

}  // namespace

const char* to_string(Accel accel) { return accel == Accel::kKvm ? "kvm" : "tcg"; }

GuestClock parse_guest_clock(const std::string& option, const std::string& text) {
  if (text.empty() || text == "auto") return GuestClock::kAuto;
  if (text == "instructions") return GuestClock::kInstructions;
  if (text == "host") return GuestClock::kHost;
  throw UsageError(option, text, "instructions (under TCG: the guest's time counts emulated instructions), host, "
                                 "or auto (instructions under TCG, host under KVM)");
}

const char* to_string(GuestClock clock) {
  switch (clock) {
    case GuestClock::kInstructions: return "instructions";
    case GuestClock::kHost: return "host";
    case GuestClock::kAuto: break;
  }
  return "auto";
}

const char* cpu_model(Accel accel, GuestArch arch) { return accel == Accel::kKvm ? "host" : tcg_cpu_model(arch); }

GuestClock clock_in_effect(Accel accel, const GuestShape& shape) {
  const bool counted = accel == Accel::kTcg && shape.clock != GuestClock::kHost && shape.vcpus == 1;
  return counted ? GuestClock::kInstructions : GuestClock::kHost;
}

bool counts_instructions(Accel accel, const GuestShape& shape) {
  return clock_in_effect(accel, shape) == GuestClock::kInstructions;
}

void check_clock_fits(const GuestShape& shape) {
  if (shape.clock == GuestClock::kInstructions && shape.vcpus != 1)
    throw UsageError("--guest-clock", "instructions",
                     fmt::format("host or auto with {} vCPUs: QEMU counts the instructions of a guest with one vCPU "
                                 "only (--vcpus 1; with more, this QEMU hangs bringing up the second)", shape.vcpus));
}

QemuInstall find_qemu(GuestArch arch) {
  QemuInstall q;
  q.qemu = on_path(qemu_program(arch));
  if (q.qemu.empty())
    throw Error(ExitStatus::kNotApplied, fmt::format("kernels: no {}: apt-get install --no-install-recommends {}",
                                                     qemu_program(arch), qemu_package(arch)));
  // QEMU 7.2's C daemon; later QEMU releases ship none (the Rust virtiofsd
  // takes other options and is not handled here).
  for (const char* path : {"/usr/lib/qemu/virtiofsd", "/usr/libexec/virtiofsd"})
    if (access(path, X_OK) == 0) q.virtiofsd = path;
  if (q.virtiofsd.empty())
    throw Error(ExitStatus::kNotApplied,
                fmt::format("kernels: no virtiofsd (/usr/lib/qemu/virtiofsd of Debian's qemu-system-common): it "
                            "shares the host's root with the guest: apt-get install --no-install-recommends {}",
                            qemu_package(arch)));
  if (geteuid() != 0)
    throw Error(ExitStatus::kNotApplied, "kernels: needs root: QEMU's virtiofsd shares the host's root with the "
                                         "guest only when run as root");
  const std::string out = sys::capture_output({q.qemu, "--version"});
  q.version = out.substr(0, out.find('\n'));
  return q;
}

std::string kernel_command_line(const BootFiles& files, const GuestShape& shape) {
  // no_timer_check: the kernel's check that the IO-APIC timer ticks during
  // boot gives up when an emulated (TCG) or preempted vCPU is slow, and
  // panics ("IO-APIC + timer doesn't work!"); seen here on a loaded host
  // with two guests side by side.  A virtual machine's timer is the
  // hypervisor's, not a board's to verify (Documentation/admin-guide/
  // kernel-parameters.txt: no_timer_check, "for broken hardware").
  std::string line = fmt::format("console={},115200 panic=-1 no_timer_check", console_device(files.arch));
  if (!files.modules.empty()) line += " sl.modules=" + files.modules;
  if (!shape.append.empty()) line += " " + shape.append;
  return line;
}

std::vector<std::string> qemu_arguments(Accel accel, const GuestShape& shape, const BootFiles& files) {
  std::vector<std::string> a = {
      "-name", "schedlab-guest,debug-threads=on",  // vCPU threads named "CPU n/KVM|TCG", for pinning
      "-accel", to_string(accel), "-cpu", cpu_model(accel, files.arch),
      "-smp", std::to_string(shape.vcpus), "-m", fmt::format("{}M", shape.memory_mib),
      "-nodefaults", "-no-user-config", "-display", "none", "-monitor", "none", "-nic", "none",
      "-serial", "file:" + files.console, "-no-reboot",
      "-kernel", files.image, "-append", kernel_command_line(files, shape)};
  if (*qemu_machine(files.arch)) a.insert(a.end(), {"-machine", qemu_machine(files.arch)});
  // sleep=on: an idle guest's time advances with the host's.  With
  // sleep=off it jumps to the next timer, so a guest waiting a moment on
  // the host (an exec's lookups through virtiofs) is charged whole ticks:
  // exec's per-pair ratio spread 32% (6 A/A pairs) against 0.6% with
  // sleep=on; spawn 3.3% against 2.2%; context 0.2-0.4% either way.
  if (counts_instructions(accel, shape))
    a.insert(a.end(), {"-icount", fmt::format("shift={},sleep=on", kIcountShift)});
  if (files.initramfs.empty()) return a;
  a.insert(a.end(), {"-initrd", files.initramfs, "-object",
                     fmt::format("memory-backend-memfd,id=mem,size={}M,share=on", shape.memory_mib), "-numa",
                     "node,memdev=mem"});
  add_vhost_user_fs(a, "hostroot", files.root_socket);
  add_vhost_user_fs(a, "slshared", files.shared_socket);
  return a;
}

void check_qemu_path(const std::string& option, const std::string& path) {
  if (path.find_first_of(", \t\n") != std::string::npos)
    throw UsageError(option, path, "a path without commas or white space (QEMU's option syntax and the kernel "
                                   "command line give them a meaning)");
}

}  // namespace schedlab::guest
