#pragma once
#include <optional>
#include <string>
#include <vector>

#include "cli/commands.h"
#include "cli/kernels_options.h"
#include "guest/kernels_run.h"
#include "store/result_file.h"

namespace schedlab {

// `schedlab check --kernel VMLINUZ[:INITRD] --baseline GOOD.json ...`: one
// bisect step's kernel, booted in a guest shaped like the one the baseline
// was measured in (its `guest` block: vCPUs, memory, pinning, command
// line, accelerator), runs `schedlab check` there against the baseline.
struct GuestCheck {
  guest::KernelsPlan plan;               // one kernel, one boot
  std::optional<guest::Accel> accel;     // the baseline's
  std::string cache_dir;
  guest::GuestCommand command;           // `check ...` with the baseline (and bad) files
  CheckOptions options;
};

// The baseline's first PASS set, which must come from a guest (UsageError
// naming --kernel otherwise), and the shape its guest had: as `kernels`'
// option texts (vcpus, memory, host_cpus, append, accel; the append vetted),
// and checked against this host.
const ResultSet& baseline_guest_set(const ResultFile& file, const std::string& path);
KernelsTexts baseline_shape_texts(const ordered_json& guest_block);
guest::GuestShape baseline_guest_shape(const ordered_json& guest_block);

// Everything checked before the boot, reading only (a dry run stops
// here); throws UsageError (check exits 255) when the kernel or a file is
// unusable or the baseline was not measured in a guest.
GuestCheck prepare_guest_check(const WorkloadRegistry& workloads, const CheckOptions& options,
                               const std::vector<std::string>& argv);

// Writes the initramfs to the cache, boots, relays the guest's verdict line and exit status (0 good, 1 bad,
// 125 cannot tell), keeps the evidence (--json, the store).  A kernel that
// does not boot, panics or overruns, and a verdict reached under emulation,
// exit 125: they say nothing about the kernel's performance.
int run_guest_check(const GuestCheck& check);

}  // namespace schedlab
