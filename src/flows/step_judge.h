#pragma once
// The step judge as a flow: the good kernel and a bisect step's booted
// in randomized blocks (side by side when the plan says so, else
// alternately), looks planned before the first boot,
// the paired sequential test on each boot's median, the verdict delivered
// (stdout, --json, the store).  flows/kernel_pair.cpp binds
// `check --good-kernel`'s typed check, or bisect's step, to its request.
#include <cstddef>
#include <string>

#include "check/verdict.h"
#include "flows/kernels.h"
#include "store/store_choice.h"

namespace schedlab {

// What the judge decides with, checked before the first boot.
struct PairJudgement {
  std::string metric;                // the spec's primary metric
  Better better = Better::kHigher;
  LookPlan looks;                    // blocks at each look
  double threshold_pct = 5;
  int blocks_per_look = 4;
  int max_blocks = 24;               // --max-boots
  bool emulated_ok = false;          // --emulated-ok: decide under QEMU's TCG, marked emulated
  std::string json;                  // --json: the evidence ("" = none)
  store::StoreChoice store;          // where both kernels' sets go
};

// What a step came to.
struct PairVerdict {
  int exit = 125;            // 0 good, 1 bad, 125 cannot tell / kept failing / emulated without leave
  std::string line;          // the verdict line, as printed
  double change_pct = 0;     // of the primary metric, step against good
  double low_pct = 0, high_pct = 0;  // its repeated 95% interval
  bool decided_at_a_look = false;    // change and interval are set
  std::size_t blocks = 0;    // blocks of boots both kernels completed
  bool emulated = false;
  bool counted = false;      // the guests' time counted instructions (--guest-clock)
};

class Session;
// Chooses the accelerator, boots the looks (`request`: both kernels, the
// spec, the guest's shape), prints the verdict line on stdout and keeps the
// evidence, in the caller's `session`.  Under emulation without
// --emulated-ok it boots nothing and says skip.  Throws Interrupted on a
// terminating signal.
PairVerdict judge_pair(const WorkloadRegistry& workloads, KernelsRequest& request, const PairJudgement& judgement,
                       Session& session);

}  // namespace schedlab
