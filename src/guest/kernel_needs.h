#pragma once
#include <string>
#include <vector>

#include "env/kernel_config.h"
#include "guest/guest_arch.h"
#include "probes/probe.h"
#include "spec/run_option_table.h"
#include "spec/run_spec.h"

namespace schedlab::guest {

// One kernel option a guest run needs, and why: the single table of what
// a kernel must have before schedlab boots it (docs/kernels.md, "What a
// kernel needs").  The guest's own needs come first, then what the spec's
// controls and probes need.
struct KernelNeed {
  std::string option;  // "CONFIG_PSI"
  // The module that provides it when built as one (=m is then enough: the
  // initramfs loads it, kernel_modules.h); "" when it must be built in.
  std::string module;
  std::string why;     // what uses it: "--psi (cgroup.pressure)"
};

// What every guest of `arch` needs: its /init (data/guest/init.sh), the
// console the host reads, the host's root over virtiofs under an overlay,
// cgroup v2, 64-bit programs, power-off.
std::vector<KernelNeed> guest_needs(GuestArch arch);

// What `spec` asks of a kernel, whatever its architecture: what each asked
// control's entry of `table` declares (--cgroup-depth, --autogroup, --psi,
// --sched-feature; none under --allow-unapplied), and what each probe of
// `probes` that --probes names declares (the default selection takes what
// the kernel has, so it needs nothing).  Each option once.
std::vector<KernelNeed> kernel_needs(const RunSpec& spec, const ProbeList& probes,
                                     const std::vector<RunOptionSpec>& table);

// guest_needs(arch) followed by `spec_needs`, each option once.
std::vector<KernelNeed> guest_and_spec_needs(GuestArch arch, const std::vector<KernelNeed>& spec_needs);

// Adds to `needs` those of `more` it does not hold yet (variants of --vary).
void merge_needs(std::vector<KernelNeed>& needs, const std::vector<KernelNeed>& more);

// The needs `config` does not meet: not y, and not m where a module may
// provide it.  None when the configuration could not be read (available()
// false): there is nothing to check.
std::vector<KernelNeed> missing_needs(const KernelConfig& config, const std::vector<KernelNeed>& needs);

// Reads the kernel's configuration (`config`, "" = none known) and throws
// UsageError naming `option`, the kernel `shown`, every missing option with
// why it is needed, and the file read.  Does nothing without a file.
void check_kernel_config(const std::string& option, const std::string& shown, const std::string& config,
                         const std::vector<KernelNeed>& needs);

}  // namespace schedlab::guest
