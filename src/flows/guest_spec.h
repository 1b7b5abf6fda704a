#pragma once
// The spec a guest runs (`schedlab run WORKLOAD ...` after `kernels --`,
// `bisect --` or `lava job --`), typed once: each --vary variant described
// as the host reads it, what its runs should take, the kernel options its
// variants need, and the command line every guest runs.  cli/run_parse.h
// parses the words into it; the flows that boot or schedule guests take it.
#include <string>
#include <vector>

#include "core/result.h"
#include "flows/run_texts.h"
#include "guest/kernel_needs.h"
#include "workloads/builtin.h"

namespace schedlab {

struct GuestSpec {
  ParsedRun parsed;
  // What every guest runs: "run WORKLOAD [options]", the words the spec was
  // parsed from (a guest checks them again with its own CPUs).
  std::vector<std::string> run_args;
  std::vector<ResultSet> described;  // per --vary variant
  int runs = 1;
  double expected_s = 0;             // what the runs of one boot should take
  std::vector<guest::KernelNeed> needs;  // kernel options its variants need

  // --vary without --seed: each block's guests get a seed of their own
  // (kernels, lava job).
  bool seed_per_block() const { return described.size() > 1 && parsed.experiment.seed.empty(); }
};

// `parsed`, the options after WORKLOAD in `words` (WORKLOAD [options]),
// described per variant, with what each variant needs of a kernel (its
// controls, and the probes of `probes` it names).  Throws UsageError for a bad --vary or a variant
// the settings refuse.
GuestSpec make_guest_spec(const Workload& w, const ProbeList& probes, ParsedRun parsed, const std::vector<std::string>& words);

}  // namespace schedlab
