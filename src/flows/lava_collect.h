#pragma once
// `schedlab lava collect` as a flow over its typed request: the job's log
// read (from a LAVA server or a file), its result blocks checked and
// gathered into sets, the sets delivered to the result file and the store
// through result sinks (src/sink/).
#include <optional>
#include <string>

#include "core/error.h"
#include "store/store_choice.h"

namespace schedlab {

struct LavaCollectSpec {
  std::string job;     // a directory with output.yaml, a log file, or a job id on `server`
  std::string server;  // a LAVA server's URL: read the job through its REST API ("" = job is a path)
  std::optional<std::string> json;  // also write the sets as a result file
  store::StoreChoice store;
};

// Prints one line per set, delivers the sets; returns kOk, kWorkloadFailed
// (the job did not bring back everything it planned) or kPartlyRefused
// (records were refused).  Throws UsageError for a job it cannot name,
// Error for a job it cannot read (kWorkloadFailed) or a file it cannot
// write (kCannotSave, after the store has the sets).
ExitStatus collect_lava_job(const WorkloadRegistry& workloads, const LavaCollectSpec& spec);

}  // namespace schedlab
