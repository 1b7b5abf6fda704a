#pragma once
#include <optional>
#include <string>

#include "guest/qemu_command.h"
#include "scenario/journal.h"
#include "sys/signals.h"

namespace schedlab::guest {

// Which accelerator the guests run under, and how that was decided.
struct AccelChoice {
  Accel accel = Accel::kTcg;
  std::string how;    // one line for the result: "--accel tcg", "KVM does not run guests here: ..."
  bool chosen_for_the_user = false;  // TCG without --accel tcg: warn
  bool emulated() const { return accel == Accel::kTcg; }
};

// KVM when a probe boot shows that it runs guests: `/dev/kvm` opening, or
// a VM being created, proves nothing on a nested host whose guests abort
// or hang before their first console line.  The probe boots `image` under
// KVM with no initramfs and waits a few seconds for the kernel's banner
// on the console while QEMU stays alive.  Its verdict is kept in
// `cache_dir` for this host boot (/proc/sys/kernel/random/boot_id) and this
// QEMU, so only the first invocation pays for it.
// `requested`: --accel; tcg skips the probe; kvm that does not run guests
// throws Error (exit 3).  Without --accel a failed probe gives TCG, for the
// caller to announce.  `clock` instructions with KVM throws UsageError
// (--guest-clock): a KVM guest runs on the host's CPU, uncounted.  Throws
// Interrupted on a terminating signal.
// A kernel of another architecture than the host's (`arch`) runs only
// under TCG: no probe, and --accel kvm throws Error.
AccelChoice choose_accel(std::optional<Accel> requested, GuestClock clock, const std::string& image,
                         GuestArch arch, const QemuInstall& qemu, const std::string& cache_dir, Journal& journal,
                         sys::SignalGate& gate);

}  // namespace schedlab::guest
