#pragma once
// Which result blocks of a LAVA log belong to the job.  Anything on the
// guest's console can print a block with a right checksum (the console is
// shared: a workload's output, a hand edit of the log), so a decoded block
// is checked before its runs are merged, never trusted: it must have been
// printed inside the test run it names (when the log shows the test
// shell's runs), name a kernel and a boot the job planned (when the job or
// the log says which), be the only result of its boot, block and file and
// not a copy of another block, and have measured the job's spec — the spec
// identity (spec/spec_identity.h) recomputed from what its sets record,
// which for each result file is the one most of the job's blocks of that
// file measured (the first printed on a tie).  A refused block is named,
// with why, in one line; the rest are kept.
#include <string>
#include <vector>

#include "core/result.h"
#include "grid/lava_job.h"
#include "grid/lava_log.h"
#include "workloads/builtin.h"

namespace schedlab::grid {

// One boot's result block, decoded and placed.
struct PlacedBoot {
  std::string kernel, file, testrun;
  std::string printed_in;  // the test run open when it was printed
  std::string digest;      // sha256 of its JSON text
  int boot = 0, block = 0;
  std::vector<ResultSet> sets;
};

// What the job planned, as far as its definition and its log say.
struct JobPlan {
  std::vector<std::string> kernels;      // empty: not known
  std::vector<BootOfDefinition> boots;   // empty: not known
  bool cut = false;  // the log shows the job's start (its test definitions) and not its end
};

// The plan from the log's test definitions and the job definition's
// kernels (`job_kernels`, kernels_in_job; empty when there is none).
JobPlan job_plan(const LavaLog& log, const std::vector<std::string>& job_kernels);

// The blocks of `boots` (in the order they were printed) that belong to
// the job, their specs read as `workloads` declares them; one line in
// `refused` for each other one.
std::vector<PlacedBoot> vet_boots(std::vector<PlacedBoot> boots, const JobPlan& plan, bool runs_signalled,
                                  const WorkloadRegistry& workloads, std::vector<std::string>& refused);

// The planned boots no block in `kept` brought back.
std::vector<BootOfDefinition> missing_boots(const JobPlan& plan, const std::vector<PlacedBoot>& kept);

// "the result block 'spawn.json' of 2_schedlab-boot2-block2-b": its
// outside text made printable.
std::string block_name(const std::string& file, const std::string& testrun);

}  // namespace schedlab::grid
