// Unit tests for src/grid/lava_kernel.cpp: --kernel NAME=URL[:RAMDISK_URL].
#include "grid/lava_kernel.h"

#include <gtest/gtest.h>

#include "core/error.h"

namespace schedlab::grid {
namespace {

TEST(LavaKernel, SplitsTheRamdiskAtTheColonBeforeAScheme) {
  const auto k = parse_lava_kernel("--kernel", "cloud=http://lab:8080/k/bzImage:https://lab/r.cpio.gz");
  EXPECT_EQ(k.name, "cloud");
  EXPECT_EQ(k.url, "http://lab:8080/k/bzImage");
  EXPECT_EQ(k.ramdisk_url, "https://lab/r.cpio.gz");
}

TEST(LavaKernel, APortOrAColonInAPathStaysInTheKernelUrl) {
  EXPECT_EQ(parse_lava_kernel("--kernel", "a=http://lab:8080/k").url, "http://lab:8080/k");
  EXPECT_EQ(parse_lava_kernel("--kernel", "a=file:///srv/v6.1:rc1/bzImage").url, "file:///srv/v6.1:rc1/bzImage");
  EXPECT_EQ(parse_lava_kernel("--kernel", "a=file:///k:file:///r").ramdisk_url, "file:///r");
  EXPECT_EQ(parse_lava_kernel("--kernel", "v6.12-rc1_x.y=scp://lab/k").name, "v6.12-rc1_x.y");
}

TEST(LavaKernel, RefusesWhatLavaCannotTakeNamingTheOption) {
  for (const char* bad : {"http://lab/k", "=http://lab/k", "a b=http://lab/k", "a/b=http://lab/k", "a=", "a=lab/k",
                          "a=ftp://lab/k", "a=http://", "a=http://lab/k:", "a=http://lab/k\nb: c",
                          "a=http://lab/k:ftp://lab/r"}) {
    try {
      parse_lava_kernel("--kernel", bad);
      ADD_FAILURE() << bad;
    } catch (const UsageError& e) {
      EXPECT_EQ(std::string(e.what()).rfind("--kernel '", 0), 0u) << e.what();
    }
  }
}

TEST(LavaKernel, APasswordIsRefusedAndNotRepeated) {
  try {
    parse_lava_kernel("--kernel", "a=https://user:hunter2@lab/k");
    FAIL();
  } catch (const UsageError& e) {
    EXPECT_EQ(std::string(e.what()).find("hunter2"), std::string::npos) << e.what();
    EXPECT_NE(std::string(e.what()).find("without a password"), std::string::npos) << e.what();
  }
  EXPECT_THROW(check_lava_url("--ramdisk", "http://u:p@lab/r"), UsageError);
  EXPECT_NO_THROW(check_lava_url("--ramdisk", "http://u@lab/r"));
}

TEST(LavaKernel, DefinitionNamesAreLavasCharacters) {
  EXPECT_TRUE(is_definition_name("schedlab-boot1-block2-a.b_c"));
  EXPECT_FALSE(is_definition_name(""));
  EXPECT_FALSE(is_definition_name("a b"));
  EXPECT_FALSE(is_definition_name("a:b"));
}

}  // namespace
}  // namespace schedlab::grid
