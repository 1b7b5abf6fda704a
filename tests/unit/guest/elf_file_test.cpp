// Unit tests for src/guest/elf_file.cpp.
#include "guest/elf_file.h"

#include <gtest/gtest.h>

#include <stdexcept>

#include "guest/elf_fixture.h"

namespace schedlab::guest {

TEST(ElfFile, FindsASectionByName) {
  const std::string elf = testing::module_elf({"license=GPL", "depends=fuse,virtio"});
  const auto section = elf_section(elf, ".modinfo", "x.ko");
  EXPECT_EQ(section, std::string("license=GPL\0depends=fuse,virtio\0", 32));
  EXPECT_THROW(elf_section(elf, ".text", "x.ko"), std::runtime_error);
}

TEST(ElfFile, RefusesWhatIsNotAnElf64FileOrLiesOutsideIt) {
  EXPECT_THROW(elf_section("not an elf", ".modinfo", "x.ko"), std::runtime_error);
  std::string cut = testing::module_elf({"depends="});
  cut.resize(cut.size() - 40);  // the section table runs past the end
  EXPECT_THROW(elf_section(cut, ".modinfo", "x.ko"), std::runtime_error);
}

TEST(ElfFile, TellsAStaticProgramFromADynamicOne) {
  EXPECT_FALSE(elf_has_interpreter(testing::program_elf(false), "busybox"));
  EXPECT_TRUE(elf_has_interpreter(testing::program_elf(true), "busybox"));
  EXPECT_THROW(elf_has_interpreter("#!/bin/sh\n", "busybox"), std::runtime_error);
}

}  // namespace schedlab::guest
