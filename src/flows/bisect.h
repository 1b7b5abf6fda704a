#pragma once
// `schedlab bisect` as a flow over its typed request: from a report to the
// commit.  It runs `git bisect` itself; at each step it builds the
// checked-out commit's kernel, judges it beside the good revision's kernel
// (built once) with the paired step judge — boots of the two alternating
// in randomized blocks, the paired sequential test on the boots
// (flows/kernel_pair.h), both kernels' sets delivered to its sinks — and
// marks the commit good, bad or skip.  At the end the tree is left as it
// was found.  A resume continues after an interruption, from git's bisect
// state and the steps kept beside it (flows/bisect_state.h).
// cli/bisect_command.cpp binds the command line and prints the outcome.
#include <optional>
#include <string>
#include <vector>

#include "flows/bisect_git.h"
#include "flows/bisect_state.h"
#include "flows/guest_spec.h"

namespace schedlab {

// `schedlab bisect`'s options as typed (the spec after "--" is `run
// WORKLOAD [options]`, as `kernels` takes it).
struct BisectTexts {
  std::string tree, good, bad;
  std::string config;     // a .config fragment merged after kvm_guest.config onto allnoconfig
  std::string jobs;       // make -j (default: this machine's CPUs)
  std::string build_cmd;  // instead of make: prints the image's path last
  std::string build_dir;  // O= (default: in the bisect's work directory)
  std::string threshold, max_boots;  // their declarations' defaults (cli/command_option_entries.cpp)
  std::string vcpus, memory = "2G", accel, clock;
  bool emulated_ok = false;
  bool side_by_side = false, one_at_a_time = false;
  bool resume = false;
};

// The options and the spec's words (`run WORKLOAD ...`), checked without
// reading the tree (all a dry run checks, as `kernels --dry-run` reads no
// kernel).  Throws UsageError naming the option, the value and what is
// allowed.
BisectState check_bisect_options(const BisectTexts& texts, const std::vector<std::string>& spec);

// A new bisect: the options as given and as checked, and the spec parsed once.
struct BisectRequest {
  BisectTexts texts;
  BisectState checked;  // check_bisect_options(texts, spec words)
  GuestSpec spec;
};

// How a bisect ended (an error is thrown: Error, UsageError before
// anything changed, Interrupted after which a resume continues).
struct BisectOutcome {
  BisectState state;                      // every step
  std::optional<std::string> first_bad;   // the first bad commit, when git found one
  std::string first_bad_subject;
  std::string git_answer;                 // git's last answer: why there is none (skipped commits surround it)
  bool emulated = false;                  // a step was judged under QEMU's TCG
  bool counted = false;                   // every step's guests counted instructions
};

// Checks the tree, builds the good revision's kernel, walks the steps.
BisectOutcome start_bisect(const WorkloadRegistry& workloads, const BisectRequest& request);

// The bisect in progress in `tree_dir` (UsageError naming --resume when
// there is none), for its spec to be parsed before it resumes.
BisectState bisect_in_progress(const std::string& tree_dir);
// Continues it: `spec` is its state's spec, parsed.  A bisect killed while
// the good kernel built starts over, as it was asked.
BisectOutcome resume_bisect(const WorkloadRegistry& workloads, const std::string& tree_dir, BisectState state,
                            const GuestSpec& spec);

// A step's change and interval, "+1.2% [-0.3, +2.7]", or "-".
std::string step_change_text(const BisectStep& step);

}  // namespace schedlab
