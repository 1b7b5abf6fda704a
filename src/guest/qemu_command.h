#pragma once
#include "guest/guest_arch.h"
#include <cstdint>
#include <string>
#include <vector>

namespace schedlab::guest {

enum class Accel { kKvm, kTcg };
const char* to_string(Accel accel);  // "kvm", "tcg"

// The host programs a guest needs.
struct QemuInstall {
  std::string qemu;       // qemu-system-x86_64 or -aarch64, absolute
  std::string version;    // the first line of its --version
  std::string virtiofsd;  // QEMU's C virtiofsd (Debian: qemu-system-common)
};

// Finds QEMU and virtiofsd and checks that we are root (the C virtiofsd
// must be, and so must the mount namespace its root export is made in).
// Throws Error (exit 3) naming the package to install or the reason.
QemuInstall find_qemu(GuestArch arch);

// What the guest's clocks count.  Under TCG the host's time is the
// emulation's: a boot's figures spread 13-17% between boots on this VM, so
// a step judged on them needs dozens of boots.  With QEMU's -icount the
// guest's time advances by a fixed step per emulated instruction, so a run's
// window holds the same work on any host at any speed, and what a kernel
// change moves is its instructions on the measured path (not cache misses,
// not contention between real CPUs).  Measured here: 0.04-0.6% between
// boots (docs/kernels.md, "Counted instructions").
//
// One vCPU only: with -icount QEMU runs all vCPUs in one thread, round
// robin, and this machine's QEMU (7.2) hangs a guest bringing up its second
// CPU ("x86: Booting SMP configuration:" and nothing more; Debian's 6.1
// cloud kernel, shift 3 and auto alike).
enum class GuestClock {
  kAuto,          // instructions under TCG with one vCPU, else the host's
  kInstructions,  // TCG and one vCPU only
  kHost,
};
// The guest's nanoseconds per emulated instruction: 2^kIcountShift.  8 ns
// (125 M instructions a guest second) is about what TCG executes here, so
// guest and host time keep roughly in step.
inline constexpr int kIcountShift = 3;
inline constexpr int kNsPerInstruction = 1 << kIcountShift;
GuestClock parse_guest_clock(const std::string& option, const std::string& text);  // "" = auto
const char* to_string(GuestClock clock);  // "auto", "instructions", "host"

// The guest's size and where its vCPUs run.
struct GuestShape {
  int vcpus = 2;
  std::uint64_t memory_mib = 2048;
  std::vector<int> host_cpus;  // vCPU i on host_cpus[i]; empty = not pinned
  std::string append;          // more kernel command line
  GuestClock clock = GuestClock::kAuto;
};

// QEMU's -cpu for `accel`: the host's CPU under KVM; under TCG everything
// it emulates but what it emulates wrongly (recorded as guest.cpu).
const char* cpu_model(Accel accel, GuestArch arch);

// The clock a guest of `shape` runs on under `accel`: instructions or host
// (never auto).  What guest.clock records.
GuestClock clock_in_effect(Accel accel, const GuestShape& shape);
// Whether the guest's time counts instructions under `accel`.
bool counts_instructions(Accel accel, const GuestShape& shape);
// Throws UsageError (--guest-clock) when `shape` asks for instructions with
// more than one vCPU; checked on the final shape (make_boot_site) and early.
void check_clock_fits(const GuestShape& shape);

// The files of one boot.
struct BootFiles {
  GuestArch arch = GuestArch::kX86_64;
  std::string image;          // the kernel
  std::string initramfs;      // "" for the KVM probe
  std::string console;        // the serial console's log
  std::string root_socket;    // virtiofsd of the host's root (tag hostroot)
  std::string shared_socket;  // virtiofsd of the shared directory (tag slshared)
  std::string modules;        // the kernel's lib/modules/R, bound in the guest; may be ""
};

// The kernel command line: serial console, a panic ends QEMU at once, the
// modules tree for /init, then the user's --append.
std::string kernel_command_line(const BootFiles& files, const GuestShape& shape);

// QEMU's arguments (without the program): no default devices, no network,
// no display; the console to a file; guest RAM in a shared memfd (vhost-user
// needs it) and two vhost-user-fs devices; no reboot, so a panic or a
// power-off ends QEMU.  A probe (no initramfs) boots the bare kernel.
std::vector<std::string> qemu_arguments(Accel accel, const GuestShape& shape, const BootFiles& files);

// Throws UsageError naming `option` when `path` cannot be passed to QEMU
// (its option syntax gives ',' a meaning) or to the kernel command line.
void check_qemu_path(const std::string& option, const std::string& path);

}  // namespace schedlab::guest
