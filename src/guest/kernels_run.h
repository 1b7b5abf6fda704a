#pragma once
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "core/error.h"
#include "core/result.h"
#include "runner/result_sink.h"
#include "guest/accel_choice.h"
#include "guest/boot.h"
#include "guest/boot_merge.h"
#include "guest/guest_block.h"
#include "scenario/journal.h"
#include "sys/signals.h"

namespace schedlab::guest {

// One `schedlab kernels` invocation, checked before the first boot.
struct KernelsPlan {
  std::vector<KernelFiles> kernels;
  std::vector<Initramfs> images;        // per kernel
  BootSite site;
  AccelChoice accel;
  int boots = 5;                        // per kernel
  std::uint64_t seed = 0;               // the order of the boots
  std::vector<std::string> run_args;    // "run WORKLOAD ..." for every guest, as typed after --
  bool seed_per_block = false;          // --vary without --seed: block b's guests all get --seed SEED+b
  int runs_per_boot = 1;                // the spec's --runs
  std::vector<ResultSet> described;     // per --vary variant, from the spec as the host read it
  std::vector<std::string> argv;        // this command line, recorded in every set
  ordered_json host_environment;
  // Times a boot that did not complete (no boot, panic, deadline, the guest
  // command failing) is tried again before the invocation ends: a bisect
  // step's 20 boots must not all be lost to one hang.  Every attempt is in
  // the set's guest.boots with its console's last lines.
  int boot_retries = 0;
  // Boots side by side: empty, one boot at a time; else one group of host
  // CPUs per kernel (side_by_side_cpus), and every block boots all its
  // kernels at once, the j-th of the block's drawn order pinned to the j-th
  // group.  A pair measured at the same moment shares the host's speed
  // state, which moves between boots a minute apart on a cloud VM.
  std::vector<std::vector<int>> side_by_side;
};

// Progress, as each boot starts and ends.
class KernelsObserver {
 public:
  virtual ~KernelsObserver() = default;
  virtual void boot_started(const KernelFiles& kernel, const BootPlace& place, int index, int total) = 0;
  // `sets`: the kernel's sets after the boot was added.
  virtual void boot_finished(const KernelFiles& kernel, const BootPlace& place, const BootOutcome& outcome,
                             const std::vector<ResultSet>& sets) = 0;
  // A boot that failed and is tried again (KernelsPlan::boot_retries).
  virtual void boot_retried(const KernelFiles&, const BootPlace&, const BootOutcome&) {}
};

struct KernelsOutcome {
  std::vector<ResultSet> sets;  // kernel after kernel, each with one set per variant
  ExitStatus status = ExitStatus::kOk;
  std::string error;            // the first failure
  int interrupted_by = 0;
};

// Boots every kernel `boots` times in randomized complete blocks (each
// block boots every kernel once, in an order drawn from `seed`), runs the
// spec in each guest and adds what it brings back to that kernel's sets.
// After every boot `sink` gets all sets.  A boot that fails (no boot,
// panic, deadline, the command failing) is tried again up to
// plan.boot_retries times; one that still fails, a host-side error or an
// interrupt ends the invocation: the kernel's sets are ERROR saying why (with the
// console's last lines in the boot's record), the others ERROR saying they
// stopped, and every completed boot is kept.
KernelsOutcome run_kernels(const KernelsPlan& plan, Journal& journal, sys::SignalGate& gate,
                           KernelsObserver& observer,
                           ResultSink& sink);

}  // namespace schedlab::guest
