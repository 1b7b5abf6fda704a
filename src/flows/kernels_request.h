#pragma once
// `schedlab kernels` as typed: its option texts (cli/kernels_options.h binds
// them to a command line), checked against this host and bound, with the
// spec its guests run, to the kernels flow's request (flows/kernels.h).
// The step judge (flows/kernel_pair.h) makes its requests here too.
#include <chrono>
#include <optional>
#include <string>
#include <vector>

#include "flows/guest_spec.h"
#include "flows/kernels.h"
#include "flows/store_texts.h"
#include "guest/kernels_run.h"

namespace schedlab {

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
  std::string arch;                  // --arch: "" = the images' own (all alike)
  std::string guest_schedlab;        // "" = this schedlab (a guest of the host's architecture)
  std::string guest_busybox;         // "" = the host's static busybox
  StoreOptionTexts store;
};

// Checks the texts and `spec` (what every guest runs; the options kernels
// owns refused) and finds and prepares each kernel (its initramfs, built or
// taken from the cache).  Throws UsageError naming the option, the value
// and what is allowed; Error when the host lacks QEMU, virtiofsd, busybox
// or root.
KernelsRequest make_kernels_request(const KernelsTexts& texts, GuestSpec spec, const std::vector<std::string>& argv);

// --side-by-side / --one-at-a-time of check --good-kernel and bisect:
// nullopt when neither (side by side when the host has the CPUs).
std::optional<bool> side_by_side_choice(bool side_by_side, bool one_at_a_time);
// Whether the host has CPUs for two guests of `t`'s shape side by side.
bool fits_side_by_side(const KernelsTexts& t);

// --vcpus, --memory, --host-cpus, --append and --guest-clock, checked
// against this host.
guest::GuestShape parse_guest_shape(const std::string& vcpus, const std::string& memory,
                                    const std::string& host_cpus, const std::string& append,
                                    const std::string& clock);

// What every guest needs on the host: QEMU for `programs`' architecture,
// virtiofsd, the binaries to copy in, a run directory QEMU's option syntax
// can name.
guest::BootSite make_boot_site(const guest::GuestShape& shape, std::chrono::nanoseconds deadline,
                               guest::GuestArch arch, guest::GuestPrograms programs);

// The one architecture of `kernels` (and --arch's, when given: `arch`).
// Throws UsageError naming --kernel when they differ, --arch when it is
// not theirs.
guest::GuestArch kernels_arch(const std::vector<guest::KernelFiles>& kernels, const std::string& arch);

}  // namespace schedlab
