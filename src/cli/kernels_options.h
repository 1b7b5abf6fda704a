#pragma once
#include <optional>
#include <string>
#include <vector>

#include "cli/cli_fwd.h"
#include "cli/run_parse.h"
#include "cli/store_options.h"
#include "flows/kernels.h"
#include "guest/kernel_needs.h"
#include "guest/kernels_run.h"
#include "workloads/builtin.h"

namespace schedlab {

// `schedlab kernels` as typed: CLI11 binds to these texts, our parsers
// check them.
struct KernelsTexts {
  std::vector<std::string> kernels;  // [NAME=]VMLINUZ[:INITRD], repeatable
  std::vector<std::string> configs;  // [NAME=]FILE, repeatable
  std::string boots = "5";
  std::string vcpus;                 // default: the --host-cpus count, else 2
  std::string memory = "2G";
  std::string host_cpus;
  std::string append;
  std::string accel;                 // "" = KVM if a probe boot shows it runs guests, else TCG
  std::string clock;                 // --guest-clock: "" = instructions under TCG, the host's under KVM
  std::string deadline;              // per boot; "" = derived from the spec
  std::string seed;
  std::string json;
  bool force = false;                // --force: replace an existing --json file
  bool trust_kernel = false;         // boot images owned by another user
  bool quiet = false;
  bool side_by_side = false;         // every block's kernels booted at once, on host CPUs of their own
  StoreOptionTexts store;
};

// Everything `schedlab kernels` accepts before '--', bound to one CLI11 app:
// what parses it, its --help, the man page and the completions.
struct KernelsCommandLine {
  KernelsCommandLine();
  // The app's options write into `texts`: it stays put.
  KernelsCommandLine(const KernelsCommandLine&) = delete;
  KernelsCommandLine& operator=(const KernelsCommandLine&) = delete;

  CLI::App app;
  KernelsTexts texts;
};

// The spec a guest runs (`schedlab run` after `kernels --` or `lava job
// --`), checked with the command line's own parsers; what only the guest
// can check (its CPUs) the guest checks.
struct GuestSpec {
  ParsedRun parsed;
  std::vector<ResultSet> described;  // per --vary variant
  int runs = 1;
  double expected_s = 0;             // what the runs of one boot should take
  std::vector<guest::KernelNeed> needs;  // kernel options its variants need
};
// `args`: WORKLOAD [options].  nullopt when the spec's --help was shown;
// UsageError for a bad value.  The caller refuses the options it owns.
std::optional<GuestSpec> parse_guest_spec(const WorkloadRegistry& workloads, const std::vector<std::string>& args);

// Checks the texts and `spec` (the words after "--": run WORKLOAD
// [options]) and finds and prepares each kernel (its initramfs, built or
// taken from the cache).  Throws UsageError naming the option, the value
// and what is allowed; Error when the host lacks QEMU, virtiofsd, busybox
// or root.  nullopt when the spec's --help was shown.
std::optional<KernelsRequest> make_kernels_request(const WorkloadRegistry& workloads, const KernelsTexts& texts,
                                                   const std::vector<std::string>& spec,
                                                   const std::vector<std::string>& argv);

// --side-by-side / --one-at-a-time of check --good-kernel and bisect:
// nullopt when neither (side by side when the host has the CPUs).
std::optional<bool> side_by_side_choice(bool side_by_side, bool one_at_a_time);
// Whether the host has CPUs for two guests of `t`'s shape side by side.
bool fits_side_by_side(const KernelsTexts& t);

// --guest-clock, on every command that boots guests.
void add_guest_clock_option(CLI::App& app, std::string& clock);

// --vcpus, --memory, --host-cpus, --append and --guest-clock, checked
// against this host.
guest::GuestShape parse_guest_shape(const std::string& vcpus, const std::string& memory,
                                    const std::string& host_cpus, const std::string& append,
                                    const std::string& clock);

// What every guest needs on the host: QEMU, virtiofsd, the binaries to copy
// in, a run directory QEMU's option syntax can name.
guest::BootSite make_boot_site(const guest::GuestShape& shape, std::chrono::nanoseconds deadline);

}  // namespace schedlab
