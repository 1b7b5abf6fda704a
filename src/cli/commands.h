#pragma once
#include <string>
#include <vector>

#include <optional>

#include "cli/store_options.h"
#include "flows/run.h"
#include "workloads/builtin.h"

namespace schedlab {

// The commands' work, called by their add_<command> (cli/command.h) once
// the command line has parsed, and by each other (kernels plans `run`).  Each
// returns the exit status; errors are thrown as schedlab::Error /
// Interrupted and mapped by run_app().  `argv` is the command line recorded
// in every result set (for `suite`, the `schedlab run ...` line that
// reproduces the set).

// `schedlab run ARGS` bound to the run flow's request (flows/run.h):
// ARGS parsed once, --vary, --seed and --store checked; nullopt when
// --help was shown.
std::optional<RunRequest> bind_run(const Registries& registries, const std::vector<std::string>& args,
                                   const std::vector<std::string>& argv);
int run_command(const Registries& registries, const std::vector<std::string>& args,
                const std::vector<std::string>& argv);
// `schedlab kernels [options] -- run WORKLOAD [options]` (cli/kernels_command.cpp).
int kernels_command(const Registries& registries, const std::vector<std::string>& args,
                    const std::vector<std::string>& argv, bool dry_run = false);
// `args` with --dry-run added before a "--" (the run options end there).
std::vector<std::string> with_dry_run(std::vector<std::string> args);
// `schedlab bisect [options] -- run WORKLOAD [options]` (cli/bisect_command.cpp).
int bisect_command(const Registries& registries, const std::vector<std::string>& args, bool dry_run);
int list_command(const WorkloadRegistry& workloads);
int list_probes_command(const WorkloadRegistry& workloads);  // `list --probes`
int env_command(bool json);
int restore_command(bool dry_run = false);
// `kernels`: lkml's scenarios on these kernels in guests (cli/suite_kernels.h); "" = on this host.
struct SuiteKernels {
  std::string list;      // --kernels [NAME=]VMLINUZ[:INITRD],...
  bool trusted = false;  // --trust-kernel
};
// `full`: lkml's full comparison tables under each verdict; `only`: one
// scenario by name ("" = all).
int suite_command(const Registries& registries, const std::string& name, const std::string& scale,
                  const std::string& json_dir, const StoreOptionTexts& store_texts, const SuiteKernels& kernels_given = {},
                  bool full = false, const std::string& only = "", bool dry_run = false,
                  bool lava = false);  // --lava: report to LAVA's test shell (grid/lava_report.h)
// `schedlab check` as typed (checked by check_command itself: its bad
// input exits 255, not 2, so that git bisect run stops).
struct CheckOptions {
  std::string baseline, bad, threshold, max_runs, json;  // numbers' defaults: their declarations'
                                                          // (cli/command_option_entries.cpp)
  bool trust_baseline = false;  // run a baseline's command, sysctls and sched features
  bool no_wait = false;
  bool lava = false;  // --lava: report to LAVA's test shell (grid/lava_report.h)
  StoreOptionTexts store;
  std::string kernel;  // --kernel VMLINUZ[:INITRD]: judge that kernel in a guest (cli/check_kernel.h)
  bool trust_kernel = false;  // boot a --kernel owned by another user
  std::string kernel_config;  // --config FILE: the --kernel's .config (default: the one beside it)
  bool dry_run = false;       // --dry-run: the plan, after every check of the files, and exit 0
  std::string interleave;     // --interleave GOOD: re-measure the good program now, interleaved
  std::string good_kernel;    // --good-kernel: judge --kernel beside it, boots interleaved (flows/kernel_pair.h)
  std::string max_boots;      // with --good-kernel: boots per kernel at most
  bool emulated_ok = false;   // --emulated-ok: decide under QEMU's TCG, every verdict marked emulated
  bool side_by_side = false;  // --side-by-side: with --good-kernel, both kernels booted at once
  bool one_at_a_time = false; // --one-at-a-time: with --good-kernel, one boot at a time
  std::string guest_clock;    // --guest-clock: with --good-kernel, instead of the baseline's
};
int check_command(const Registries& registries, const CheckOptions& options,
                  const std::vector<std::string>& argv);
// `schedlab plan --detect PCT --from FILE [--alpha A] [--power P] [--metric M]`.
struct PlanOptions {
  std::string detect, from, alpha = "0.05", power = "0.8", metric;
};
int plan_command(const PlanOptions& options, const WorkloadRegistry& workloads);

// For read-only commands: one line on stderr when dead runs left journals
// behind (`schedlab restore` undoes them); changes nothing.
void hint_leftovers();

}  // namespace schedlab
