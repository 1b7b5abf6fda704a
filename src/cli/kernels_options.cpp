// `schedlab kernels`' options bound to CLI11, and its spec after '--'
// parsed once.
#include "cli/kernels_options.h"

#include <fmt/format.h>

#include <CLI/CLI.hpp>

#include "cli/help_formatter.h"
#include "cli/path_options.h"
#include "cli/run_parse.h"
#include "cli/store_options.h"
#include "core/error.h"

namespace schedlab {

std::optional<GuestSpec> parse_kernels_spec(const WorkloadRegistry& workloads, const std::vector<std::string>& spec) {
  if (spec.empty() || spec.front() != "run")
    throw UsageError(fmt::format("kernels: after '--' comes the spec every guest runs, 'run WORKLOAD [options]'{}",
                                 spec.empty() ? "" : fmt::format("; found '{}'", spec.front())));
  return parse_guest_spec(workloads, {spec.begin() + 1, spec.end()});
}

void add_guest_clock_option(CLI::App& app, std::string& clock) {
  app.add_option("--guest-clock", clock,
                 "what the guest's time counts: instructions (TCG and --vcpus 1 only: 8 ns of guest time per "
                 "emulated instruction, the same on any host at any speed) or host (default: instructions "
                 "under TCG with one vCPU)")
      ->type_name("instructions|host");
}

namespace {

void add_kernels_options(CLI::App& app, KernelsTexts& t) {
  add_input_path(app, "--kernel", t.kernels, "a kernel under test (repeat per kernel)",
                 "[NAME=]VMLINUZ[:INITRD]");
  add_input_path(app, "--config", t.configs, "the built .config of kernel NAME (of every kernel without NAME), "
                                             "checked for what the guest and the spec need (default: the one "
                                             "beside the image)", "[NAME=]FILE");
  app.add_option("--boots", t.boots, "boots per kernel, in randomized complete blocks (default 5)")->type_name("N");
  app.add_option("--vcpus", t.vcpus, "vCPUs per guest (default: the --host-cpus count, else 2)")->type_name("N");
  app.add_option("--memory", t.memory, "guest RAM: 512M, 2G (default 2G)")->type_name("SIZE");
  app.add_option("--host-cpus", t.host_cpus, "pin vCPU i to the i-th of these host CPUs (e.g. 2-3)")->type_name("LIST");
  app.add_option("--append", t.append, "more kernel command line for every guest (printable ASCII, at most 1024 bytes; not init=, rdinit= "
                 "or --, which would take the guest from schedlab's /init)")
      ->type_name("ARGS");
  app.add_option("--accel", t.accel, "default: kvm when a probe boot shows it runs guests, else tcg")
      ->type_name("kvm|tcg");
  add_guest_clock_option(app, t.clock);
  app.add_option("--deadline", t.deadline, "per boot (default: 2 minutes + 3x what the spec should take)")->type_name("TIME");
  app.add_option("--seed", t.seed, "the order of the boots (default: random; recorded)")->type_name("N");
  add_output_file(app, "--json", t.json, "write the result file, a new file (rewritten after every boot)", {});
  app.add_flag("--force", t.force, "replace an existing --json file");
  app.add_flag("--trust-kernel", t.trust_kernel, "boot kernel images and initrds owned by another user than "
                                                 "root or you (a kernel is code)");
  app.add_flag("--quiet", t.quiet, "nothing on stdout");
  app.add_flag("--side-by-side", t.side_by_side,
               "boot each block's kernels at the same time, each on host CPUs of its own (--vcpus of them, "
               "from --host-cpus or the CPUs allowed), which kernel gets which drawn per block: a host that "
               "changes speed between boots slows both alike");
  app.add_option("--arch", t.arch, "check that every kernel is of this architecture (default: the images' own, "
                 "all alike; an arm64 Image boots under qemu-system-aarch64, emulated)")
      ->type_name("x86_64|arm64");
  add_input_path(app, "--guest-schedlab", t.guest_schedlab,
                 "the schedlab the guests run, its schedlab-worker beside it (default: this one; an arm64 guest "
                 "runs an arm64 build: cmake --preset arm64 && cmake --build build-arm64)");
  add_input_path(app, "--guest-busybox", t.guest_busybox,
                 "the static busybox of the guests' initramfs (default: the host's; an arm64 guest needs "
                 "Debian's busybox-static:arm64, which scripts/guest-kernels DIR cloud-arm64 fetches)");
  add_store_options(app, t.store, true);
}

}  // namespace

KernelsCommandLine::KernelsCommandLine()
    : app("kernels: boot each kernel in a QEMU guest and run the spec after '--' in every boot, boots "
          "alternating in randomized blocks",
          "schedlab kernels") {
  use_wrapping_help(app);
  app.option_defaults()->multi_option_policy(CLI::MultiOptionPolicy::TakeLast);
  add_kernels_options(app, texts);
  app.get_option("--kernel")->multi_option_policy(CLI::MultiOptionPolicy::TakeAll);
  app.get_option("--config")->multi_option_policy(CLI::MultiOptionPolicy::TakeAll);
}

}  // namespace schedlab
