// Unit tests for src/core/copies.cpp.
#include "core/copies.h"

#include <gtest/gtest.h>

#include "core/error.h"

namespace schedlab {

TEST(Copies, NumberAutoAndPerCpu) {
  EXPECT_EQ(parse_copies("--copies", "4").resolve(256), 4);
  EXPECT_EQ(parse_copies("--copies", "auto").resolve(256), 256);
  EXPECT_EQ(parse_copies("--copies", "4x").resolve(56), 224);
  EXPECT_EQ(parse_copies("--copies", "4x").text(), "4x");
  EXPECT_EQ(parse_copies("--copies", "auto").text(), "auto");
}

TEST(Copies, RejectsZeroNegativeAndJunk) {
  for (const char* bad : {"0", "-1", "abc", "", "x", "0x", "1.5", "2000000"}) {
    try {
      parse_copies("--copies", bad);
      ADD_FAILURE() << "accepted '" << bad << "'";
    } catch (const UsageError& e) {
      EXPECT_EQ(std::string(e.what()).rfind(std::string("--copies '") + bad + "': expected", 0), 0u)
          << e.what();
    }
  }
}

}  // namespace schedlab
