#pragma once
#include <chrono>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "guest/initramfs.h"
#include "guest/kernel_files.h"
#include "guest/guest_programs.h"
#include "guest/qemu_command.h"
#include "scenario/journal.h"
#include "sys/signals.h"

namespace schedlab::guest {

// What every boot of one invocation shares.
struct BootSite {
  QemuInstall qemu;
  Accel accel = Accel::kTcg;
  GuestShape shape;
  std::chrono::nanoseconds deadline{};  // from QEMU's start to its exit
  GuestArch arch = GuestArch::kX86_64;  // the kernels'
  GuestPrograms programs;               // schedlab and its worker (copied in), busybox (in the initramfs)
};

// What the guest runs: `schedlab ARGS...` in /shared, given `inputs`
// (file name -> content, put in /shared first) and bringing back `outputs`
// (file names in /shared) with its stdout, stderr and exit status.
struct GuestCommand {
  std::vector<std::string> args;
  std::map<std::string, std::string> inputs;
  std::vector<std::string> outputs;
};

// A vCPU thread and the host CPU it was pinned to.
struct VcpuPin {
  int vcpu = 0;
  int host_cpu = 0;
};

struct BootOutcome {
  enum class Kind {
    kCompleted,  // the command ran; exit_status is its status
    kNoBoot,     // QEMU ended without the command's status (no boot, /init failed)
    kPanic,      // the kernel panicked
    kDeadline,   // still running at the deadline: killed
  };
  Kind kind = Kind::kNoBoot;
  int exit_status = -1;
  std::map<std::string, std::string> outputs;  // those that exist
  std::string stdout_text, stderr_text;
  std::string problem;                     // one line when not kCompleted
  std::vector<std::string> console_tail;   // its last 20 lines
  std::string started;                     // QEMU's start, UTC: boots side by side overlap
  double seconds = 0;                      // QEMU's start to its end: boot to result
  std::optional<double> run_uptime_s, exit_uptime_s;  // the guest's clock at the command's start and end
  std::vector<std::string> guest_argv;      // what the guest ran: schedlab ARGS...
  std::vector<std::string> qemu_argv;
  std::vector<VcpuPin> pinning;
  std::vector<int> emulator_cpus;          // where QEMU's other threads and virtiofsd ran; empty = anywhere
};
const char* to_string(BootOutcome::Kind kind);

// Boots `kernel` once: a run directory (journaled, removed on every path),
// the two virtiofsd (the host's root read-only, the shared directory
// writable), QEMU with its vCPUs pinned, the command, then QEMU's end or
// the deadline.  Nothing it started outlives it: QEMU and virtiofsd are
// killed and reaped, also when a signal interrupts (Interrupted is thrown
// after that).  Host-side failures (virtiofsd or QEMU cannot start) throw
// Error; what happens in the guest is the outcome.
BootOutcome boot_guest(const BootSite& site, const KernelFiles& kernel, const Initramfs& initramfs,
                       const GuestCommand& command, Journal& journal, sys::SignalGate& gate);

// The same boot, for one of several running at the same time in threads of
// this process (boots side by side): it kills and reaps its own QEMU and
// virtiofsd, but leaves the sweep of every child re-parented to us to the
// caller, once all of them have ended (the sweep would kill the others'
// guests).
BootOutcome boot_guest_alongside(const BootSite& site, const KernelFiles& kernel, const Initramfs& initramfs,
                                 const GuestCommand& command, Journal& journal, sys::SignalGate& gate);

}  // namespace schedlab::guest
