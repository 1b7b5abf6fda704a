// Unit tests for src/guest/kernel_needs.cpp: what a kernel's .config must
// have before schedlab boots it, over real configurations (the small guest
// kernel's, Debian's cloud kernel's) and the fragment data/guest/kernel.config.
#include "guest/kernel_needs.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <fstream>
#include <sstream>

#include "core/error.h"
#include "support/registries.h"
#include "support/temp_dir.h"

namespace schedlab::guest {
namespace {

using testing::TempDir;

std::string read(const std::string& path) {
  std::ifstream in(path);
  std::stringstream text;
  text << in.rdbuf();
  EXPECT_FALSE(text.str().empty()) << path;
  return text.str();
}

std::string fixture(const std::string& name) {
  return read(std::string(SCHEDLAB_FIXTURE_DIR) + "/kernel-config/" + name);
}

// `text` without the line that sets `option`.
std::string without(std::string text, const std::string& option) {
  const auto at = text.find("\n" + option + "=");
  EXPECT_NE(at, std::string::npos) << option;
  text.erase(at, text.find('\n', at + 1) - at);
  return text;
}

std::vector<std::string> options(const std::vector<KernelNeed>& needs) {
  std::vector<std::string> out;
  out.reserve(needs.size());
  for (const auto& n : needs) out.push_back(n.option);
  return out;
}

// A spec with every control and probe that needs an option of its own.
RunSpec everything() {
  RunSpec spec;
  spec.scenario.autogroup = true;
  spec.scenario.psi = true;
  spec.scenario.cgroup_depth = 2;
  spec.scenario.sched_features = {"NO_TTWU_QUEUE"};
  spec.options.probes = parse_probe_selection("--probes", "all");
  return spec;
}

// What `spec` needs, through the built-in table and probes, as the command line passes them.
std::vector<KernelNeed> needs_of(const RunSpec& spec) {
  return kernel_needs(spec, schedlab::testing::probe_list(), run_option_specs());
}

std::vector<KernelNeed> x86(const std::vector<KernelNeed>& spec_needs) {
  return guest_and_spec_needs(GuestArch::kX86_64, spec_needs);
}

}  // namespace

TEST(KernelNeeds, TheSmallGuestKernelHasEverythingEveryControlNeeds) {
  const auto config = KernelConfig::parse(fixture("guest-6.1.192.config"));
  EXPECT_EQ(options(missing_needs(config, x86(needs_of(everything())))), std::vector<std::string>{});
}

// The fragment and the table agree: what the table asks for, the fragment
// turns on (in .config syntax, so it parses as one).
TEST(KernelNeeds, TheGuestFragmentTurnsOnEveryNeed) {
  const auto fragment = KernelConfig::parse(read(std::string(SCHEDLAB_SOURCE_DIR) + "/data/guest/kernel.config"));
  EXPECT_EQ(options(missing_needs(fragment, x86(needs_of(everything())))), std::vector<std::string>{});
}

// Debian's cloud kernel has virtio PCI, virtiofs and overlayfs as modules:
// enough, since the initramfs loads them.
TEST(KernelNeeds, ModulesMeetTheNeedsAModuleCanMeet) {
  const auto config = KernelConfig::parse(fixture("debian-6.1.0-57-cloud-amd64.config"));
  EXPECT_EQ(config.value("CONFIG_VIRTIO_FS"), "m");
  EXPECT_EQ(options(missing_needs(config, x86(needs_of(everything())))), std::vector<std::string>{});
  // The console cannot come from a module.
  const auto modular_console =
      KernelConfig::parse(without(fixture("guest-6.1.192.config"), "CONFIG_SERIAL_8250_CONSOLE") +
                          "CONFIG_SERIAL_8250_CONSOLE=m\n");
  EXPECT_EQ(options(missing_needs(modular_console, guest_needs(GuestArch::kX86_64))),
            std::vector<std::string>{"CONFIG_SERIAL_8250_CONSOLE"});
}

TEST(KernelNeeds, NeedsFollowTheSpecsControlsAndProbes) {
  const RunSpec plain;
  EXPECT_EQ(options(needs_of(plain)), std::vector<std::string>{}) << "the default probes need nothing";
  RunSpec spec;
  spec.scenario.cgroup_depth = 1;
  spec.scenario.psi = true;
  spec.options.probes = parse_probe_selection("--probes", "psi,schedstat,sched-trace");
  const auto extra = options(needs_of(spec));
  EXPECT_EQ(extra, (std::vector<std::string>{"CONFIG_CGROUP_SCHED", "CONFIG_FAIR_GROUP_SCHED", "CONFIG_PSI",
                                             "CONFIG_SCHED_INFO", "CONFIG_EVENT_TRACING"}))
      << "each option once (--psi and the psi probe)";
  RunSpec autogroup;
  autogroup.scenario.autogroup = false;  // turning it off needs the sysctl too
  EXPECT_EQ(options(needs_of(autogroup)).back(), "CONFIG_SCHED_AUTOGROUP");
  autogroup.scenario.allow_unapplied = true;
  EXPECT_EQ(options(needs_of(autogroup)), std::vector<std::string>{}) << "--allow-unapplied runs without it";
}

TEST(KernelNeeds, TheRefusalNamesEveryMissingOptionWhyAndTheFileRead) {
  TempDir dir;
  const std::string config =
      dir.write(".config", without(without(fixture("guest-6.1.192.config"), "CONFIG_VIRTIO_FS"), "CONFIG_PSI"));
  RunSpec spec;
  spec.scenario.psi = true;
  try {
    check_kernel_config("--kernel", "bad=/k/bzImage", config, x86(needs_of(spec)));
    FAIL() << "a kernel without virtiofs and PSI was accepted";
  } catch (const UsageError& e) {
    const std::string m = e.what();
    EXPECT_EQ(e.status(), ExitStatus::kUsage);
    EXPECT_EQ(m.find('\n'), std::string::npos) << "one line: " << m;
    for (const char* part : {"--kernel 'bad=/k/bzImage'", "CONFIG_VIRTIO_FS=y or m (", "CONFIG_PSI=y (--psi",
                             config.c_str()})
      EXPECT_NE(m.find(part), std::string::npos) << part << " in: " << m;
  }
  try {
    check_kernel_config("--kernel", "bad=/k/bzImage", config, guest_needs(GuestArch::kX86_64));
    FAIL() << "a kernel without virtiofs was accepted";
  } catch (const UsageError& e) {
    EXPECT_EQ(std::string(e.what()).find("CONFIG_PSI"), std::string::npos) << "--psi was not asked: " << e.what();
  }
}

TEST(KernelNeeds, WithoutAConfigurationNothingIsChecked) {
  EXPECT_TRUE(missing_needs(KernelConfig(), guest_needs(GuestArch::kX86_64)).empty());
  EXPECT_NO_THROW(check_kernel_config("--kernel", "k", "", guest_needs(GuestArch::kX86_64)));
  TempDir dir;
  EXPECT_THROW(check_kernel_config("--kernel", "k", dir.file("absent"), guest_needs(GuestArch::kX86_64)), UsageError);
}

// An arm64 guest reads its console on the PL011 UART and powers off through
// PSCI, not ACPI: Debian's arm64 cloud kernel has what it needs, and the x86
// console it lacks is not asked of it.
TEST(KernelNeeds, AnArm64GuestNeedsItsOwnConsoleAndPowerOff) {
  const auto config = KernelConfig::parse(fixture("debian-6.1.0-57-cloud-arm64.config"));
  EXPECT_EQ(options(missing_needs(config, guest_and_spec_needs(GuestArch::kArm64, needs_of(everything())))),
            std::vector<std::string>{});
  const auto arm64 = options(guest_needs(GuestArch::kArm64));
  for (const char* own : {"CONFIG_SERIAL_AMBA_PL011_CONSOLE", "CONFIG_ARM_PSCI_FW"})
    EXPECT_NE(std::find(arm64.begin(), arm64.end(), own), arm64.end()) << own;
  EXPECT_EQ(std::find(arm64.begin(), arm64.end(), "CONFIG_SERIAL_8250_CONSOLE"), arm64.end());
  const auto x86_only = options(missing_needs(KernelConfig::parse(fixture("guest-6.1.192.config")),
                                             guest_needs(GuestArch::kArm64)));
  EXPECT_NE(std::find(x86_only.begin(), x86_only.end(), "CONFIG_SERIAL_AMBA_PL011_CONSOLE"), x86_only.end())
      << "an x86 kernel lacks what an arm64 guest needs";
}

}  // namespace schedlab::guest
