#pragma once
// `check --kernel` on one boot, as a flow over its typed GuestCheck;
// cli/check_kernel.cpp binds the command line and the baseline to it.
#include <chrono>
#include <optional>
#include <string>

#include "guest/kernels_run.h"
#include "spec/run_spec.h"
#include "store/store_choice.h"

namespace schedlab {

// What the guest's `check` writes (the evidence file) and the host keeps.
inline constexpr const char* kGuestEvidence = "evidence.json";

// `schedlab check --kernel VMLINUZ[:INITRD] --baseline GOOD.json ...`: one
// bisect step's kernel, booted in a guest shaped like the one the baseline
// was measured in (its `guest` block: vCPUs, memory, pinning, command
// line, accelerator), runs `schedlab check` there against the baseline.
struct GuestCheck {
  guest::KernelsPlan plan;               // one kernel, one boot
  std::optional<guest::Accel> accel;     // the baseline's
  std::string cache_dir;
  guest::GuestCommand command;           // `check ...` with the baseline (and bad) files
  std::string json;                      // --json: the guest's evidence with how it was booted ("" = none)
  store::StoreChoice store;              // where the guest's set goes (a StoreSink)
  bool emulated_ok = false;              // --emulated-ok: a verdict under TCG stands, marked emulated
};

// How long the guest's check may take before it is killed: two minutes to
// boot, and three times what `max_runs` runs of the baseline's spec take
// (each run's warmup and window, and 5 s of setup in a slow guest).
std::chrono::nanoseconds guest_check_deadline(const RunSpec& spec, int max_runs);

// The accelerator the baseline's guest ran under ("kvm"; else TCG).
guest::Accel baseline_accel(const ordered_json& guest_block);

// Writes the initramfs to the cache, boots, relays the guest's verdict line and exit status (0 good, 1 bad,
// 125 cannot tell), keeps the evidence (--json, the store).  A kernel that
// does not boot, panics or overruns, and a verdict reached under emulation,
// exit 125: they say nothing about the kernel's performance.
int run_guest_check(const WorkloadRegistry& workloads, const GuestCheck& check);

}  // namespace schedlab
