#include "guest/kernel_needs.h"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>

#include "core/error.h"
#include "probes/probe.h"
#include "input/files.h"
#include "spec/run_option_table.h"

namespace schedlab::guest {
namespace {

bool holds(const std::vector<KernelNeed>& needs, const std::string& option) {
  return std::any_of(needs.begin(), needs.end(), [&](const KernelNeed& n) { return n.option == option; });
}

void add(std::vector<KernelNeed>& needs, KernelNeed need) {
  if (!holds(needs, need.option)) needs.push_back(std::move(need));
}

// What the asked controls need, as their entries of `table` declare it.
// Under --allow-unapplied a control the kernel cannot apply is recorded as
// such and the run goes on, so it needs nothing.
void add_control_needs(const RunSpec& spec, const std::vector<RunOptionSpec>& table, std::vector<KernelNeed>& needs) {
  if (spec.scenario.allow_unapplied) return;
  const RunSettings asked{spec.options, spec.scenario};
  const RunSettings untouched;
  for (const auto& entry : table) {
    if (entry.kernel_config.empty() || !entry.recorded() || entry.record(asked) == entry.record(untouched)) continue;
    for (const auto& k : entry.kernel_config) add(needs, {k.config, "", fmt::format("{} ({})", long_name(entry), k.what)});
  }
}

// The probes --probes names explicitly: "default" takes the ones the kernel
// can run and records the others as unavailable, so it needs nothing.
void add_probe_needs(const ProbeSelection& selection, const ProbeList& probes, std::vector<KernelNeed>& needs) {
  for (const auto& probe : probes) {
    const ProbeInfo& info = probe->info();
    if (!selection.names(info.name)) continue;
    for (const auto& option : info.kernel_config) add(needs, {option, "", "--probes " + info.name});
  }
}

std::string describe(const std::vector<KernelNeed>& missing) {
  std::vector<std::string> parts;
  parts.reserve(missing.size());
  for (const auto& n : missing)
    parts.push_back(fmt::format("{}{} ({})", n.option, n.module.empty() ? "=y" : "=y or m", n.why));
  return fmt::format("{}", fmt::join(parts, ", "));
}

}  // namespace

std::vector<KernelNeed> guest_needs(GuestArch arch) {
  const bool arm64 = arch == GuestArch::kArm64;
  std::vector<KernelNeed> needs = {
      {"CONFIG_64BIT", "", arm64 ? "the guest runs an arm64 schedlab" : "the guest runs the host's x86-64 schedlab"},
      {"CONFIG_BLK_DEV_INITRD", "", "the guest starts from schedlab's initramfs"},
      {"CONFIG_BINFMT_SCRIPT", "", "its /init is a #! script"},
      {"CONFIG_BINFMT_ELF", "", "it runs the host's programs"},
      arm64 ? KernelNeed{"CONFIG_SERIAL_AMBA_PL011_CONSOLE", "", "the host reads the guest's console on ttyAMA0"}
            : KernelNeed{"CONFIG_SERIAL_8250_CONSOLE", "", "the host reads the guest's console on ttyS0"},
      {"CONFIG_DEVTMPFS", "", "/init mounts devtmpfs on /dev"},
      {"CONFIG_TMPFS", "", "the overlay's upper layer, /tmp and /run are tmpfs"},
      {"CONFIG_VIRTIO_PCI", "virtio_pci", "the host's root arrives over virtiofs (a virtio PCI device)"},
      {"CONFIG_VIRTIO_FS", "virtiofs", "the host's root and the shared directory are virtiofs mounts"},
      {"CONFIG_OVERLAY_FS", "overlay", "the host's read-only root gets a tmpfs overlay"},
      {"CONFIG_CGROUPS", "", "/init mounts cgroup2"},
      {"CONFIG_FUTEX", "", "the copies start behind a futex barrier"},
      arm64 ? KernelNeed{"CONFIG_ARM_PSCI_FW", "", "the guest's poweroff ends QEMU (PSCI on the virt board)"}
            : KernelNeed{"CONFIG_ACPI", "", "the guest's poweroff ends QEMU"},
  };
  if (arm64) needs.push_back({"CONFIG_PCI_HOST_GENERIC", "", "the virt board's PCI host, where virtiofs sits"});
  return needs;
}

std::vector<KernelNeed> guest_and_spec_needs(GuestArch arch, const std::vector<KernelNeed>& spec_needs) {
  std::vector<KernelNeed> needs = guest_needs(arch);
  merge_needs(needs, spec_needs);
  return needs;
}

std::vector<KernelNeed> kernel_needs(const RunSpec& spec, const ProbeList& probes,
                                     const std::vector<RunOptionSpec>& table) {
  std::vector<KernelNeed> needs;
  add_control_needs(spec, table, needs);
  add_probe_needs(spec.options.probes, probes, needs);
  return needs;
}

void merge_needs(std::vector<KernelNeed>& needs, const std::vector<KernelNeed>& more) {
  for (const auto& n : more) add(needs, n);
}

std::vector<KernelNeed> missing_needs(const KernelConfig& config, const std::vector<KernelNeed>& needs) {
  std::vector<KernelNeed> missing;
  if (!config.available()) return missing;
  for (const auto& n : needs) {
    const std::string value = config.value(n.option);
    if (value != "y" && !(value == "m" && !n.module.empty())) missing.push_back(n);
  }
  return missing;
}

void check_kernel_config(const std::string& option, const std::string& shown, const std::string& config,
                         const std::vector<KernelNeed>& needs) {
  if (config.empty()) return;
  const auto text = input::read_optional_file(config, input::kKernelConfig);
  if (!text) throw UsageError(option, shown, fmt::format("a kernel configuration that can be read ({})", config));
  const auto missing = missing_needs(KernelConfig::parse(*text), needs);
  if (missing.empty()) return;
  throw UsageError(option, shown, fmt::format("a kernel with {} — {} lacks {}", describe(missing), config,
                                              missing.size() == 1 ? "it" : "them"));
}

}  // namespace schedlab::guest
