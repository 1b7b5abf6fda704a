// Unit tests for src/grid/lava_ramdisk.cpp: where --add puts a file.  The
// ramdisk itself is checked by unpacking it and running schedlab in it
// (tests/integration/lava_run_test.cpp) and by booting it under lava-run.
#include "grid/lava_ramdisk.h"

#include <gtest/gtest.h>

#include "core/error.h"

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

}  // namespace
}  // namespace schedlab::grid
