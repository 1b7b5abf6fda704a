// Unit tests for src/guest/qemu_command.cpp.
#include "guest/qemu_command.h"

#include <gtest/gtest.h>

#include <algorithm>

#include "core/error.h"

namespace schedlab::guest {
namespace {

const BootFiles kFiles{GuestArch::kX86_64, "/k/vmlinuz", "/c/initramfs.cpio", "/r/console.log", "/r/root.sock", "/r/shared.sock",
                       "/k/lib/modules/6.1"};

// The value after `option` (the first occurrence).
std::string after(const std::vector<std::string>& a, const std::string& option) {
  const auto it = std::find(a.begin(), a.end(), option);
  return it == a.end() || it + 1 == a.end() ? "" : *(it + 1);
}

bool has(const std::vector<std::string>& a, const std::string& word) {
  return std::find(a.begin(), a.end(), word) != a.end();
}

}  // namespace

TEST(QemuCommand, TcgGuestSharesRootAndResultsThroughVirtiofs) {
  const GuestShape shape{2, 1024, {}, "nokaslr"};
  const auto a = qemu_arguments(Accel::kTcg, shape, kFiles);
  EXPECT_EQ(after(a, "-accel"), "tcg");
  EXPECT_EQ(after(a, "-cpu"), "max,la57=off");  // this QEMU's 5-level paging oopses Debian's 6.12
  EXPECT_EQ(after(a, "-smp"), "2");
  EXPECT_EQ(after(a, "-m"), "1024M");
  EXPECT_EQ(after(a, "-object"), "memory-backend-memfd,id=mem,size=1024M,share=on");  // vhost-user needs shared RAM
  EXPECT_EQ(after(a, "-serial"), "file:/r/console.log");
  EXPECT_EQ(after(a, "-initrd"), "/c/initramfs.cpio");
  EXPECT_TRUE(has(a, "-no-reboot"));
  EXPECT_TRUE(has(a, "socket,id=hostroot,path=/r/root.sock"));
  EXPECT_TRUE(has(a, "vhost-user-fs-pci,chardev=slshared,tag=slshared,queue-size=1024"));
  EXPECT_EQ(after(a, "-append"), "console=ttyS0,115200 panic=-1 no_timer_check sl.modules=/k/lib/modules/6.1 nokaslr");
}

// An arm64 kernel: QEMU's virt board (GICv3, any number of vCPUs), the
// PL011 console, and the cheap pointer-authentication algorithm.
TEST(QemuCommand, AnArm64GuestBootsOnTheVirtBoardWithItsOwnConsole) {
  BootFiles arm64 = kFiles;
  arm64.arch = GuestArch::kArm64;
  const auto a = qemu_arguments(Accel::kTcg, {1, 1024, {}, ""}, arm64);
  EXPECT_EQ(after(a, "-machine"), "virt,gic-version=3");
  EXPECT_EQ(after(a, "-cpu"), "max,pauth-impdef=on");
  EXPECT_EQ(after(a, "-append"), "console=ttyAMA0,115200 panic=-1 no_timer_check sl.modules=/k/lib/modules/6.1");
  EXPECT_TRUE(has(a, "vhost-user-fs-pci,chardev=hostroot,tag=hostroot,queue-size=1024"));
  EXPECT_FALSE(has(qemu_arguments(Accel::kTcg, {1, 1024, {}, ""}, kFiles), "-machine")) << "x86: QEMU's default PC";
}

TEST(QemuCommand, KvmUsesTheHostCpuAndAProbeBootsTheBareKernel) {
  BootFiles probe = kFiles;
  probe.initramfs.clear();
  probe.modules.clear();
  const auto a = qemu_arguments(Accel::kKvm, {1, 256, {}, ""}, probe);
  EXPECT_EQ(after(a, "-accel"), "kvm");
  EXPECT_EQ(after(a, "-cpu"), "host");
  EXPECT_FALSE(has(a, "-initrd"));
  EXPECT_FALSE(has(a, "-object"));
  EXPECT_EQ(after(a, "-append"), "console=ttyS0,115200 panic=-1 no_timer_check");
}

TEST(QemuCommand, AnEmulatedGuestCountsInstructionsUnlessToldTheHostsClock) {
  GuestShape shape{1, 512, {}, ""};
  EXPECT_EQ(after(qemu_arguments(Accel::kTcg, shape, kFiles), "-icount"), "shift=3,sleep=on");
  EXPECT_TRUE(counts_instructions(Accel::kTcg, shape));
  shape.clock = GuestClock::kHost;
  EXPECT_FALSE(has(qemu_arguments(Accel::kTcg, shape, kFiles), "-icount"));
  EXPECT_FALSE(counts_instructions(Accel::kTcg, shape));
  shape.clock = GuestClock::kAuto;  // KVM runs the guest on the host's CPU: nothing to count
  EXPECT_FALSE(has(qemu_arguments(Accel::kKvm, shape, kFiles), "-icount"));
  EXPECT_FALSE(counts_instructions(Accel::kKvm, shape));
  shape.vcpus = 2;  // counted, this QEMU hangs bringing up the second vCPU
  EXPECT_FALSE(has(qemu_arguments(Accel::kTcg, shape, kFiles), "-icount"));
  EXPECT_FALSE(counts_instructions(Accel::kTcg, shape));
}

TEST(QemuCommand, TheClockInEffectIsWhatTheResultRecordsAndMoreVcpusCannotCount) {
  GuestShape shape{1, 512, {}, ""};
  EXPECT_STREQ(to_string(clock_in_effect(Accel::kTcg, shape)), "instructions");
  EXPECT_STREQ(to_string(clock_in_effect(Accel::kKvm, shape)), "host");
  EXPECT_NO_THROW(check_clock_fits(shape));
  shape.clock = GuestClock::kInstructions;
  EXPECT_NO_THROW(check_clock_fits(shape));
  shape.vcpus = 2;  // e.g. cut from a --side-by-side pool after the options were read
  EXPECT_THROW(check_clock_fits(shape), UsageError);
  EXPECT_STREQ(to_string(clock_in_effect(Accel::kTcg, shape)), "host");
  shape.clock = GuestClock::kAuto;
  EXPECT_NO_THROW(check_clock_fits(shape));
}

TEST(QemuCommand, GuestClockWordsAreParsedOrRefusedNamingTheOption) {
  EXPECT_EQ(parse_guest_clock("--guest-clock", ""), GuestClock::kAuto);
  EXPECT_EQ(parse_guest_clock("--guest-clock", "instructions"), GuestClock::kInstructions);
  EXPECT_EQ(parse_guest_clock("--guest-clock", "host"), GuestClock::kHost);
  try {
    parse_guest_clock("--guest-clock", "tsc");
    FAIL() << "tsc was taken";
  } catch (const UsageError& e) {
    EXPECT_NE(std::string(e.what()).find("--guest-clock"), std::string::npos) << e.what();
    EXPECT_NE(std::string(e.what()).find("tsc"), std::string::npos) << e.what();
  }
}

TEST(QemuCommand, PathsQemuCannotNameAreRefused) {
  EXPECT_NO_THROW(check_qemu_path("--kernel", "/boot/vmlinuz-6.1.0-57-cloud-amd64"));
  EXPECT_THROW(check_qemu_path("--kernel", "/tmp/a,b/vmlinuz"), UsageError);
  EXPECT_THROW(check_qemu_path("--kernel", "/tmp/a b/vmlinuz"), UsageError);
}

}  // namespace schedlab::guest
