#pragma once
// `schedlab lava collect`: a finished LAVA job's results as result sets.
// Each boot printed its result file into the log (grid/result_block.h)
// inside its test definition, whose name says the kernel, boot and block
// (grid/lava_job.h).  Per kernel, the boots' sets become one set per
// variant, as `schedlab kernels` makes them (guest/boot_merge.h): every
// run keeps its boot and gets a block that pairs it with the other
// kernels' boots, so compare --paired, trend and report read grid results
// like local ones.
#include <string>
#include <vector>

#include "core/result.h"
#include "grid/lava_log.h"
#include "store/set_document.h"
#include "workloads/builtin.h"

namespace schedlab::grid {

// Where the log came from, recorded in every set's "lava" block.
struct LavaJobInfo {
  std::string source;      // "lava-run output DIR" or "LAVA log FILE"
  std::string job_id;      // "" when unknown (a log does not say it)
  ordered_json job;        // a LAVA server's job record (device, times, state), or null (collect reads no server yet)
  int boots_expected = 0;  // schedlab.boots x kernels from the job's metadata, 0 when unknown (a log does not say it)
  std::vector<std::string> kernels;  // schedlab.kernels from the job's metadata, empty when unknown
};

struct Collected {
  std::vector<ResultSet> sets;        // kernel after kernel, in the order they first appear
  // Per set, its "lava" block: the job, and per boot its test definition
  // and the test cases LAVA recorded.  Provenance that only collect writes,
  // kept in the set's JSON (the store and export keep every field), so it
  // is not a field of ResultSet.
  std::vector<ordered_json> lava;
  // What the job planned and did not bring back: blocks that did not
  // decode, planned boots without a result, a log that ends before the job.
  std::vector<std::string> problems;
  // Records and blocks refused (grid/boot_vetting.h), one line each: the
  // rest is kept.
  std::vector<std::string> refused;
  int boots = 0;  // boots whose results came back
};

// The sets of `log`.  A boot whose set is not PASS makes its kernel's
// merged set ERROR, saying which boot; so does a planned boot the log has
// no result of (a problem, as is a block that did not decode).  A block
// that is not a result file, not the job's (boot_vetting.h) or whose sets
// do not match its kernel's other boots is refused, the rest kept; specs are
// read as `workloads` declares them.
Collected collect_sets(const LavaLog& log, const LavaJobInfo& info, const WorkloadRegistry& workloads);

// The sets as the store and result files keep them: each set's JSON with
// its "lava" block, `created` the collection's time.
std::vector<store::SetDocument> set_documents(const Collected& collected, const std::string& created);

}  // namespace schedlab::grid
