#pragma once
// `schedlab lava job` as typed, and its checks: what the job's test shells
// will run, checked with the command line's own parsers before a job is
// written.
#include <string>
#include <vector>

#include "grid/lava_job.h"
#include "workloads/builtin.h"

namespace schedlab {

struct LavaJobTexts {
  std::vector<std::string> kernels;  // NAME=URL[:RAMDISK_URL], repeatable
  std::string ramdisk;               // the ramdisk of kernels given without one
  std::string boots = "5";
  std::string device_type;           // "" = qemu, or the --template's
  std::string template_file;
  std::string seed;
  std::string schedlab = "schedlab";
  std::string test_timeout;          // "" = from the command
  std::string priority = "medium";
  std::string job_name;
  std::string output;                // -o FILE; "" = stdout
  bool force = false;                // replace an existing -o file
  std::vector<std::string> command;  // after "--"
};

// The job described by `texts`.  Throws UsageError naming the option, the
// value and what is allowed; nothing is written before it returns.
grid::JobSpec make_job_spec(const WorkloadRegistry& workloads, const LavaJobTexts& texts);

}  // namespace schedlab
