// Unit tests for src/guest/guest_arch.cpp, the arm64 side of
// src/guest/kernel_files.cpp and src/guest/guest_programs.cpp.
#include "guest/guest_arch.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <tuple>

#include "core/error.h"
#include "guest/elf_fixture.h"
#include "guest/guest_programs.h"
#include "guest/kernel_files.h"
#include "support/temp_dir.h"

namespace schedlab::guest {
namespace {

using testing::arm64_image;
using testing::bzimage;
using testing::program_elf;
using testing::program_for;
using testing::put;

}  // namespace

TEST(GuestArch, TheImageSaysWhichArchitectureItIs) {
  EXPECT_EQ(image_arch(bzimage("6.1.0-57-cloud-amd64 (debian-kernel@lists.debian.org) #1")), GuestArch::kX86_64);
  EXPECT_EQ(image_arch(arm64_image("")), GuestArch::kArm64);
  EXPECT_EQ(image_arch("plain text"), std::nullopt);
  EXPECT_EQ(image_arch(std::string(0x1000, '\0')), std::nullopt);
}

TEST(GuestArch, AnArm64ImagesReleaseIsItsBannersWord) {
  EXPECT_EQ(banner_release(arm64_image("Linux version 6.1.0-57-cloud-arm64 (debian-kernel@lists.debian.org) (gcc")),
            "6.1.0-57-cloud-arm64");
  EXPECT_EQ(banner_release(arm64_image("")), "") << "no banner";
  EXPECT_EQ(banner_release(arm64_image("Linux version 6.1\x1b[31m red")), "") << "not what a release is made of";
}

TEST(GuestArch, LocateKernelTakesAnArm64ImageWithItsRelease) {
  TempDir dir;
  const std::string image = dir.write("boot/vmlinuz-6.1.0-57-cloud-arm64",
                                      arm64_image("Linux version 6.1.0-57-cloud-arm64 (x) #1 SMP"));
  const KernelFiles k = locate_kernel("--kernel", {"", image, ""}, false);
  EXPECT_EQ(k.arch, GuestArch::kArm64);
  EXPECT_EQ(k.release, "6.1.0-57-cloud-arm64");
  const std::string bare = dir.write("Image", arm64_image(""));
  EXPECT_THROW(locate_kernel("--kernel", {"", bare, ""}, false), UsageError) << "an Image without a release";
}

TEST(GuestArch, ArchWordsAreParsedOrRefusedNamingTheOption) {
  EXPECT_EQ(parse_guest_arch("--arch", "arm64"), GuestArch::kArm64);
  EXPECT_EQ(parse_guest_arch("--arch", "aarch64"), GuestArch::kArm64);
  EXPECT_EQ(parse_guest_arch("--arch", "amd64"), GuestArch::kX86_64);
  EXPECT_EQ(arch_named("riscv64"), std::nullopt);
  for (const auto arch : {GuestArch::kX86_64, GuestArch::kArm64}) EXPECT_EQ(arch_of_machine(elf_machine(arch)), arch);
  EXPECT_EQ(arch_of_machine(40), std::nullopt) << "32-bit ARM";
  try {
    parse_guest_arch("--arch", "riscv64");
    FAIL() << "riscv64 was accepted";
  } catch (const UsageError& e) {
    EXPECT_NE(std::string(e.what()).find("--arch 'riscv64'"), std::string::npos) << e.what();
  }
}

// A guest of another architecture runs the programs named for it, and only
// programs of that architecture: never this host's by mistake.
TEST(GuestPrograms, AForeignGuestNeedsProgramsOfItsOwnArchitecture) {
  const GuestArch other = host_arch() == GuestArch::kArm64 ? GuestArch::kX86_64 : GuestArch::kArm64;
  EXPECT_THROW(guest_programs(other, "", ""), UsageError) << "no --guest-schedlab";
  TempDir dir;
  const std::string host_busybox = dir.write("busybox-host", program_for(elf_machine(host_arch()), false));
  const std::string dynamic = dir.write("busybox-dynamic", program_for(elf_machine(other), true));
  const std::string schedlab = dir.write("bin/schedlab", program_for(elf_machine(host_arch()), true));
  dir.write("bin/schedlab-worker", program_for(elf_machine(host_arch()), true));
  const std::string foreign = dir.write("other/schedlab", program_for(elf_machine(other), false));
  std::filesystem::permissions(dir.write("other/schedlab-worker", program_for(elf_machine(other), false)),
                               std::filesystem::perms(0755));
  for (const auto& [option, program, busybox] :
       {std::tuple{"--guest-schedlab", schedlab, host_busybox}, std::tuple{"--guest-busybox", foreign, dynamic},
        std::tuple{"--guest-busybox", foreign, host_busybox}}) {
    try {
      guest_programs(other, program, busybox);
      FAIL() << option << " was accepted";
    } catch (const UsageError& e) {
      EXPECT_EQ(std::string(e.what()).rfind(std::string(option) + " '", 0), 0u) << e.what();
    }
  }
  const std::string busybox = dir.write("busybox-other", program_for(elf_machine(other), false));
  const GuestPrograms p = guest_programs(other, foreign, busybox);
  EXPECT_EQ(p.worker, dir.file("other/schedlab-worker"));
  EXPECT_EQ(p.busybox, busybox);
}

}  // namespace schedlab::guest
