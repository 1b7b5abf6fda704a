#pragma once
// `schedlab lava job` as a flow over its typed texts: the job's options and
// what its test shells will run checked before a job is written (a `run`
// spec typed once, by the command line's own parsers: cli/run_parse.h),
// then the job written (grid/lava_job.h).
#include <string>
#include <vector>

#include "flows/guest_spec.h"
#include "grid/lava_job.h"

namespace schedlab {

struct LavaJobTexts {
  std::vector<std::string> kernels;  // NAME=URL[:RAMDISK_URL], repeatable
  std::string ramdisk;               // the ramdisk of kernels given without one
  std::string boots = "5";
  std::string device_type;           // "" = qemu, or the --template's
  std::string arch;                  // --arch: "" = a --file ramdisk's, else x86_64
  std::string template_file;
  std::string seed;
  std::string schedlab = "schedlab";
  std::string test_timeout;          // "" = from the command
  std::string priority = "medium";
  std::string job_name;
  std::string visibility = "public";  // public, personal or group:NAME[,NAME...]
  std::vector<std::string> tags;      // --tag, repeatable
  std::vector<std::string> notify;    // --notify ADDRESS|USER, repeatable
  std::vector<std::string> secrets;   // --secret VARIABLE[=TOKEN], repeatable
  std::vector<std::string> files;     // --file FILE: a local copy of a deployed file, repeatable
  std::string output;                // -o FILE; "" = stdout
  bool force = false;                // replace an existing -o file
  std::vector<std::string> command;  // after "--"
};

// A --priority (high, medium, low, 0-100) and a --visibility (public,
// personal, group:NAME[,NAME...]) as LAVA takes them: checked while parsing
// (their declarations' text_check) and again by make_job_spec.  Throw
// UsageError naming `option`.
void check_lava_priority(const std::string& option, const std::string& text);
void check_lava_visibility(const std::string& option, const std::string& text);

// The job described by `texts`, but for a `run` command's spec (which
// use_run_spec adds).  Throws UsageError naming the option, the value and
// what is allowed; nothing is written before it returns.
grid::JobSpec make_job_spec(const LavaJobTexts& texts);

// A `run` command's typed spec in the job: every boot runs its command
// line, labelled by its kernel.  UsageError for the options the job owns.
void use_run_spec(grid::JobSpec& job, const GuestSpec& spec, const std::string& timeout_text);

// The job's YAML on stdout, or in `output` (a line on stderr says how to
// submit it).  Throws Error (cannot save) when the file cannot be written.
void write_lava_job(const grid::JobSpec& job, const std::string& output);

}  // namespace schedlab
