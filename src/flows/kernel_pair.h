#pragma once
// A bisect step judged beside the good kernel (`schedlab check --kernel STEP --good-kernel GOOD --baseline
// GOOD.json`, and every step of `schedlab bisect`).  On a VM the machine moves by more between two sittings
// than a kernel regression moves a workload (±10% a minute apart here), so a step compared with an earlier
// boot's baseline decides nothing; only an experiment that measures both kernels now, interleaved, does (Abedi
// & Brecht, ICPE 2017).  This one boots the good kernel and the step's alternately in randomized complete
// blocks, in guests of the baseline's shape, runs the baseline's spec in every boot, and decides with the
// paired sequential test on the blocks (each boot's median of the primary metric; a boot is the unit: runs
// inside one boot share its page placement and state), with looks planned before the first boot.  Only the
// spec and the guest's shape come from GOOD.json (cli/check_kernel_pair.cpp reads them) or from bisect's
// options.
#include <optional>
#include <string>
#include <vector>

#include "flows/guest_spec.h"
#include "flows/kernels_request.h"
#include "flows/step_judge.h"

namespace schedlab {

struct KernelPairCheck {
  std::string step_kernel, good_kernel;  // VMLINUZ[:INITRD]
  // The step's sets' label (bisect: "step-COMMIT", so that the store tells
  // a bisect's steps apart); the good kernel's sets are "good".
  std::string step_name = "step";
  std::string command = "check";  // who judges (check, bisect), for its messages
  // The guest's shape as `kernels` takes it (vcpus, memory, host_cpus,
  // append, accel, clock): the baseline's, or bisect's options.
  KernelsTexts shape;
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

// The step's kernel given, --max-boots within bounds, both kernels found
// (nothing read but their files' metadata): what check refuses first.
void check_pair_kernels(const KernelPairCheck& check);

// The kernels' option texts and the judge's plan.
struct PairPlan {
  KernelsTexts texts;
  PairJudgement judgement;
};
// Everything checked before the first boot, reading only; UsageError
// names what is wrong.
PairPlan plan_kernel_pair(const KernelPairCheck& check, const GuestSpec& spec);
// --dry-run: the plan on stdout; nothing booted.
void print_pair_plan(const KernelPairCheck& check, const GuestSpec& spec, const PairPlan& plan);

class Session;
// Prepares the planned request (each kernel's initramfs), boots, decides,
// prints the verdict line and keeps the evidence, in the caller's `session`.
PairVerdict judge_planned_pair(const WorkloadRegistry& workloads, const KernelPairCheck& check, const GuestSpec& spec, const PairPlan& plan,
                               Session& session);
// plan_kernel_pair then judge_planned_pair (a bisect step): `spec` (what
// every guest of both kernels runs: one spec, no --vary) judged on both
// kernels; with dry_run, the plan printed and nothing booted (exit 0).
// Throws UsageError for bad input (before any boot), Interrupted on a
// terminating signal.
PairVerdict judge_kernel_pair(const WorkloadRegistry& workloads, const KernelPairCheck& check, const GuestSpec& spec, Session& session);

}  // namespace schedlab
