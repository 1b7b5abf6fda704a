#pragma once
// `schedlab check --kernel STEP --good-kernel GOOD --baseline GOOD.json`:
// a bisect step judged beside the good kernel.  On a VM the machine moves
// by more between two sittings than a kernel regression moves a workload
// (±10% a minute apart here), so a step compared with an earlier boot's
// baseline decides nothing; only an experiment that measures both kernels
// now, interleaved, does (Abedi & Brecht, ICPE 2017).  This one boots the
// good kernel and the step's alternately in randomized complete blocks, in
// guests of the baseline's shape, runs the baseline's spec in every boot,
// and decides with the paired sequential test on the blocks (each boot's
// median of the primary metric; a boot is the unit: runs inside one boot
// share its page placement and state), with looks planned before the
// first boot.  Only the spec and the guest's shape come from GOOD.json.
#include <optional>
#include <string>
#include <vector>

#include "cli/commands.h"
#include "cli/kernels_options.h"
#include "flows/step_judge.h"
#include "workloads/builtin.h"

namespace schedlab {

struct KernelPairCheck {
  std::string step_kernel, good_kernel;  // VMLINUZ[:INITRD]
  // The step's sets' label (bisect: "step-COMMIT", so that the store tells
  // a bisect's steps apart); the good kernel's sets are "good".
  std::string step_name = "step";
  std::string baseline;                  // GOOD.json: the spec and the guest's shape
  // Without a baseline (schedlab bisect): the spec ("run WORKLOAD ...") and
  // the guest's shape as `kernels` takes them (vcpus, memory, host_cpus,
  // append, accel).
  std::vector<std::string> run_args;
  KernelsTexts shape;
  std::string clock;                     // --guest-clock: instead of the baseline's ("" = the baseline's)
  double threshold_pct = 5;
  int max_blocks = 24;                   // --max-boots: boots per kernel at most
  int blocks_per_look = 4;
  bool emulated_ok = false;              // --emulated-ok: decide under QEMU's TCG, marked emulated
  // Both kernels of a block booted at the same time, each on host CPUs of
  // its own; nullopt: so when the host has the CPUs for both guests.
  std::optional<bool> side_by_side;
  bool trust_kernel = false;
  bool dry_run = false;
  std::string json;
  StoreOptionTexts store;
  std::vector<std::string> argv;
};

class Session;
// Checks everything, boots, decides, prints the verdict line on stdout and
// keeps the evidence (--json, the store), in the caller's `session` (one
// per process: bisect judges every step in its own).  Throws UsageError for
// bad input (before any boot), Interrupted on a terminating signal.
PairVerdict judge_kernel_pair(const WorkloadRegistry& workloads, const KernelPairCheck& check, Session& session);

// `check --kernel --good-kernel`: judge_kernel_pair with check's exit
// statuses: 0 good, 1 bad, 125 cannot tell (or a kernel that keeps failing
// to boot, or emulation without --emulated-ok), 255 bad input.
int check_kernel_pair(const WorkloadRegistry& workloads, const KernelPairCheck& check);

}  // namespace schedlab
