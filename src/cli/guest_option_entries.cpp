// The declarations of the commands that boot guests: the guest's shape and
// the kernel pair's options that kernels, check --kernel and bisect share
// (one declaration each, listing them all), then each one's own.
#include <fmt/format.h>

#include "cli/command_option_parts.h"
#include "core/duration.h"
#include "core/cpu_list.h"
#include "input/kernel_append.h"
#include "spec/option_bounds.h"

namespace schedlab {
namespace {

using Kind = CommandOptionSpec::Kind;

std::vector<CommandOptionSpec> shape_entries() {
  const std::vector<std::string> booting = {"kernels", "bisect"};
  return {
      {.names = "--vcpus", .value = "N", .help = "vCPUs per guest", .unit = "vCPUs",
       .default_text = "2, or one per --host-cpus CPU", .kind = Kind::kWhole, .whole = kVcpusBounds,
       .commands = booting},
      {.names = "--memory", .value = "SIZE",
       .help = "guest RAM: 512M, 2G, or MiB as a number (2048), " + guest_memory_words(),
       .default_text = "2G", .example = "512M", .commands = booting,
       .text_check = [](const std::string& option, const std::string& text) { guest_memory_mib(option, text); }},
      {.names = "--accel", .value = "kvm|tcg", .help = "how QEMU runs the guests",
       .default_text = "kvm when a probe boot shows it runs guests, else tcg", .kind = Kind::kChoice,
       .commands = booting},
      {.names = "--guest-clock", .value = "instructions|host",
       .help = "what the guests' time counts: instructions (TCG and --vcpus 1 only: 8 ns of guest time per emulated "
               "instruction, the same on any host at any speed) or host; check takes it with --good-kernel (both "
               "kernels are measured again)",
       .default_text = "instructions under TCG with one vCPU; check: the baseline's", .kind = Kind::kChoice,
       .commands = {"kernels", "bisect", "check"}},
      {.names = "--trust-kernel",
       .help = "boot kernel images and initrds owned by another user than root or you (a kernel is code)",
       .kind = Kind::kFlag, .commands = {"kernels", "check", "suite"}},
  };
}

// How two kernels are booted and judged: kernels' blocks, check
// --good-kernel's and bisect's steps (the step judge, flows/kernel_pair.h).
std::vector<CommandOptionSpec> pair_entries() {
  const std::vector<std::string> pair = {"check", "bisect"};
  return {
      {.names = "--side-by-side",
       .help = "boot each block's kernels at the same time, each on host CPUs of its own (--vcpus of them, from "
               "--host-cpus or the CPUs allowed), which kernel gets which drawn per block: a host that changes speed "
               "between boots slows both alike (check --good-kernel and bisect: the default when the host has the "
               "CPUs)",
       .kind = Kind::kFlag, .commands = {"kernels", "check", "bisect"}},
      {.names = "--one-at-a-time",
       .help = "boot the good kernel and the step's one at a time, alternating (check: with --good-kernel)",
       .kind = Kind::kFlag, .commands = pair},
      {.names = "--emulated-ok",
       .help = "decide under QEMU's TCG emulation when KVM cannot run guests; every verdict and set is marked "
               "emulated (check without --kernel: compare a baseline and a run of which one was emulated, refused "
               "otherwise)",
       .kind = Kind::kFlag, .commands = pair},
  };
}

std::vector<CommandOptionSpec> kernels_entries() {
  const std::vector<std::string> kernels = {"kernels"};
  return {
      {.names = "--kernel", .value = "[NAME=]VMLINUZ[:INITRD]", .help = "a kernel under test (repeat per kernel)",
       .path = PathRole::kInput, .commands = kernels},
      {.names = "--config", .value = "[NAME=]FILE",
       .help = "the built .config of kernel NAME (of every kernel without NAME), checked for what the guest and the "
               "spec need (default: the one beside the image)",
       .path = PathRole::kInput, .commands = kernels},
      {.names = "--arch", .value = "x86_64|arm64",
       .help = "kernels: check that every kernel is of this architecture (an arm64 Image boots under "
               "qemu-system-aarch64, emulated); lava ramdisk: the devices' (with --guest-schedlab and "
               "--guest-busybox built for it); lava job: the devices', which picks --device-type's built-in "
               "template and must match a --file ramdisk's programs",
       .default_text = "kernels: the images' own, all alike; lava ramdisk: this machine's; lava job: a --file "
                       "ramdisk's, else x86_64",
       .kind = Kind::kChoice, .commands = {"kernels", "lava ramdisk", "lava job"}},
      {.names = "--guest-schedlab", .value = "FILE",
       .help = "the schedlab the guests (lava ramdisk: the devices) run, its schedlab-worker beside it (an arm64 guest runs an arm64 build: "
               "cmake --preset arm64 && cmake --build build-arm64)",
       .default_text = "this one", .path = PathRole::kInput, .commands = {"kernels", "lava ramdisk"}},
      {.names = "--guest-busybox", .value = "FILE",
       .help = "the static busybox of the guests' initramfs or the ramdisk (an arm64 guest needs Debian's busybox-static:arm64, "
               "which scripts/guest-kernels DIR cloud-arm64 fetches)",
       .default_text = "the host's", .path = PathRole::kInput, .commands = {"kernels", "lava ramdisk"}},
      {.names = "--boots", .value = "N", .help = "boots per kernel, in randomized complete blocks (lava job: on one "
                                                 "device)",
       .unit = "boots", .default_text = "5", .kind = Kind::kWhole, .whole = kBootsBounds,
       .commands = {"kernels", "lava job"}},
      {.names = "--host-cpus", .value = "LIST", .help = "pin vCPU i to the i-th of these host CPUs (e.g. 2-3)",
       .example = "0-1", .commands = kernels,
       .text_check = [](const std::string& option, const std::string& text) { parse_cpu_list(option, text); }},
      {.names = "--append", .value = "ARGS",
       .help = fmt::format("more kernel command line for every guest (printable ASCII, at most {} bytes; not init=, "
                           "rdinit= or --, which would take the guest from schedlab's /init)",
                           input::kMaxAppendBytes),
       .commands = kernels},
      {.names = "--deadline", .value = "TIME", .help = "per boot",
       .default_text = "2 minutes + 3x what the spec should take", .example = "10m", .commands = kernels,
       .text_check = [](const std::string& option, const std::string& text) { parse_duration(option, text, false); }},
      {.names = "--json", .value = "FILE", .help = "write the result file, a new file (rewritten after every boot)",
       .path = PathRole::kOutputFile, .existing = {}, .commands = kernels},
      {.names = "--quiet", .help = "nothing on stdout", .kind = Kind::kFlag, .commands = kernels},
  };
}

// check's options of a guest check (check --kernel), beside its judge's
// (cli/command_option_entries.cpp).
std::vector<CommandOptionSpec> check_guest_entries() {
  const std::vector<std::string> check = {"check"};
  return {
      {.names = "--kernel", .value = "VMLINUZ[:INITRD]",
       .help = "boot this kernel in a guest shaped like the baseline's and judge it there (the baseline comes from "
               "schedlab kernels)",
       .path = PathRole::kInput, .commands = check},
      {.names = "--good-kernel", .value = "VMLINUZ[:INITRD]",
       .help = "with --kernel: boot the good kernel and the step's alternately in randomized blocks and decide with "
               "the paired test on the boots (the baseline gives only the spec and the guest's shape)",
       .path = PathRole::kInput, .commands = check},
      {.names = "--config", .value = "FILE",
       .help = "the --kernel's built .config, checked for what the guest and the baseline's spec need (default: the "
               "one beside it)",
       .path = PathRole::kInput, .commands = check},
  };
}

std::vector<CommandOptionSpec> bisect_entries() {
  const std::vector<std::string> bisect = {"bisect"};
  return {
      {.names = "--tree", .value = "DIR", .help = "the kernel's git work tree (clean; left as it was found)",
       .path = PathRole::kInput, .commands = bisect},
      {.names = "--good", .value = "REV", .help = "a revision without the regression", .commands = bisect},
      {.names = "--bad", .value = "REV", .help = "a revision with it (good must be its ancestor)", .commands = bisect},
      {.names = "--config", .value = "FILE",
       .help = "a .config fragment merged after kvm_guest.config onto allnoconfig (data/guest/kernel.config is one "
               "for guests)",
       .default_text = "defconfig", .path = PathRole::kInput, .commands = bisect},
      {.names = "--jobs", .value = "N", .help = "make -j", .default_text = "this machine's CPUs",
       .kind = Kind::kWhole, .whole = kJobsBounds, .commands = bisect},
      {.names = "--build-cmd", .value = "CMD",
       .help = "build each step with this shell command instead of make, in the tree; its last line of output is "
               "the kernel image's path",
       .commands = bisect},
      {.names = "--build-dir", .value = "DIR", .help = "make O=DIR, kept between steps",
       .default_text = "in the bisect's work directory under XDG_CACHE_HOME", .path = PathRole::kOutputDir,
       .commands = bisect},
      {.names = "--resume", .help = "continue the bisect an interrupted schedlab bisect left in --tree",
       .kind = Kind::kFlag, .commands = bisect},
  };
}

}  // namespace

std::vector<CommandOptionSpec> guest_option_entries() {
  return gather_entries({shape_entries, pair_entries, kernels_entries, check_guest_entries, bisect_entries});
}

}  // namespace schedlab
