// Unit tests for src/grid/lava_ramdisk.cpp: where --add puts a file.  The
// ramdisk itself is checked by unpacking it and running schedlab in it
// (tests/integration/lava_run_test.cpp) and by booting it under lava-run.
#include "grid/lava_ramdisk.h"

#include <gtest/gtest.h>

#include <filesystem>

#include "core/error.h"
#include "guest/elf_fixture.h"
#include "support/temp_dir.h"

namespace schedlab::grid {
namespace {

TEST(LavaRamdisk, AddedFilesGoToRootUnlessGivenAnAbsoluteDestination) {
  EXPECT_EQ(parse_ramdisk_file("/home/me/good.json"), std::make_pair(std::string("/home/me/good.json"),
                                                                      std::string("/root/good.json")));
  EXPECT_EQ(parse_ramdisk_file("good.json:/srv/base.json"), std::make_pair(std::string("good.json"),
                                                                            std::string("/srv/base.json")));
  for (const char* bad : {":/x", "a:", "a:relative", "a:/srv/", "a:/srv/../etc/passwd", "a:/srv/..", "a:/./x"})
    EXPECT_THROW(parse_ramdisk_file(bad), UsageError) << bad;
}

// Static programs for `arch` (no loader to ask for libraries), as a cross
// build's would be; the worker beside schedlab.
RamdiskInputs programs_for(schedlab::testing::TempDir& dir, guest::GuestArch arch) {
  const std::string program = schedlab::testing::program_for(guest::elf_machine(arch), false);
  return {arch, dir.write("bin/schedlab", program), dir.write("bin/schedlab-worker", program),
          dir.write("busybox", program), {}};
}

TEST(LavaRamdisk, ItSaysTheArchitectureOfTheProgramsItCarries) {
  for (const auto arch : {guest::GuestArch::kX86_64, guest::GuestArch::kArm64}) {
    schedlab::testing::TempDir dir;
    const Ramdisk r = build_lava_ramdisk(programs_for(dir, arch));
    EXPECT_EQ(ramdisk_arch(r.bytes), arch) << guest::to_string(arch);
  }
}

TEST(LavaRamdisk, BytesThatAreNotARamdiskOfOursSayNoArchitecture) {
  schedlab::testing::TempDir dir;
  const std::string ramdisk = build_lava_ramdisk(programs_for(dir, guest::GuestArch::kArm64)).bytes;
  EXPECT_EQ(ramdisk_arch(""), std::nullopt);
  EXPECT_EQ(ramdisk_arch("MZ\x00 a kernel image"), std::nullopt);
  EXPECT_EQ(ramdisk_arch(ramdisk.substr(0, ramdisk.size() / 2)), std::nullopt) << "a cut download";
  EXPECT_EQ(ramdisk_arch(std::string("\x1f\x8b\x08\x00 not deflate", 16)), std::nullopt);
}

}  // namespace
}  // namespace schedlab::grid
