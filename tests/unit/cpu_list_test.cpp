// Unit tests for src/core/cpu_list.cpp.
#include "core/cpu_list.h"

#include <gtest/gtest.h>

#include "core/error.h"

namespace schedlab {

TEST(CpuList, ParsesRangesAndSingles) {
  EXPECT_EQ(parse_cpu_list("--cpus", "0-3,8"), (std::vector<int>{0, 1, 2, 3, 8}));
  EXPECT_EQ(parse_cpu_list("--cpus", "5"), (std::vector<int>{5}));
  EXPECT_EQ(parse_cpu_list("--cpus", "3,1,1-2"), (std::vector<int>{1, 2, 3}));
}

TEST(CpuList, RejectsBadInputNamingTheOption) {
  for (const char* bad : {"", "3-1", "a", "1,,2", "-1", "1-", "0-99999999"}) {
    try {
      parse_cpu_list("--cpus", bad);
      ADD_FAILURE() << "accepted '" << bad << "'";
    } catch (const UsageError& e) {
      EXPECT_NE(std::string(e.what()).find("--cpus"), std::string::npos) << e.what();
      EXPECT_EQ(e.status(), ExitStatus::kUsage);
    }
  }
}

TEST(CpuList, ReversedRangeSaysHowToWriteIt) {
  try {
    parse_cpu_list("--cpus", "3-1");
    FAIL();
  } catch (const UsageError& e) {
    EXPECT_STREQ(e.what(), "--cpus '3-1': expected ranges written low-high (1-3, not 3-1)");
  }
}

TEST(CpuList, FormatsWithRanges) {
  EXPECT_EQ(format_cpu_list({0, 1, 2, 3, 8}), "0-3,8");
  EXPECT_EQ(format_cpu_list({1}), "1");
  EXPECT_EQ(format_cpu_list({0, 2, 4, 5}), "0,2,4-5");
  EXPECT_EQ(format_cpu_list({}), "");
}

TEST(CpuList, RoundTrips) {
  for (const char* text : {"0-255", "0,2,4-7,300"})
    EXPECT_EQ(format_cpu_list(parse_cpu_list("x", text)), text);
}

}  // namespace schedlab
