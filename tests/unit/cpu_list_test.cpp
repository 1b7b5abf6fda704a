// Unit tests for src/core/cpu_list.cpp.
#include "core/cpu_list.h"

#include <gtest/gtest.h>

#include "core/error.h"

namespace schedlab {

TEST(CpuList, ParsesRangesAndSingles) {
  EXPECT_EQ(parse_cpu_list("--cpus", "0-3,8"), (std::vector<int>{0, 1, 2, 3, 8}));
  EXPECT_EQ(parse_cpu_list("--cpus", "5"), (std::vector<int>{5}));
  EXPECT_EQ(parse_cpu_list("--cpus", "3,1,1-2"), (std::vector<int>{1, 2, 3}));
  // Decimal, whatever the leading zeros (hwloc's own list parser reads
  // "038" as octal and returned nothing; fuzz_options found it).
  EXPECT_EQ(parse_cpu_list("--cpus", "038"), (std::vector<int>{38}));
  EXPECT_EQ(parse_cpu_list("--cpus", "010-011"), (std::vector<int>{10, 11}));
}

TEST(CpuList, RejectsBadInputNamingTheOption) {
  for (const char* bad : {"", "3-1", "a", "1,,2", "-1", "1-", "0-99999999", "0x3", "1-2-3", " 1",
                          "4294967297", "0-"}) {
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

TEST(CpuList, SelectionTakesNumactlForms) {
  const std::vector<int> allowed = {0, 1, 2, 3, 8, 9, 10, 11};
  EXPECT_EQ(parse_cpu_selection("--cpus", "all", allowed), allowed);
  EXPECT_EQ(parse_cpu_selection("--cpus", "2-3,8", allowed), (std::vector<int>{2, 3, 8}));
  EXPECT_EQ(parse_cpu_selection("--cpus", "!0-3", allowed), (std::vector<int>{8, 9, 10, 11}));
  EXPECT_EQ(parse_cpu_selection("--cpus", "+4-5", allowed), (std::vector<int>{8, 9}));
  EXPECT_EQ(parse_cpu_selection("--cpus", "!+0,7", allowed), (std::vector<int>{1, 2, 3, 8, 9, 10}));
}

TEST(CpuList, SelectionRefusesWhatSelectsNothingOrOverruns) {
  const std::vector<int> allowed = {0, 1};
  try {
    parse_cpu_selection("--cpus", "+2", allowed);
    FAIL();
  } catch (const UsageError& e) {
    EXPECT_STREQ(e.what(), "--cpus '+2': expected +N counting within the 2 allowed CPUs (0-1): +0 to +1");
  }
  try {
    parse_cpu_selection("--cpus", "!0-1", allowed);
    FAIL();
  } catch (const UsageError& e) {
    EXPECT_STREQ(e.what(), "--cpus '!0-1': expected at least one CPU (allowed here: 0-1)");
  }
  for (const char* bad : {"!", "+", "!!1", "+!1", "al", "ALL"})
    EXPECT_THROW(parse_cpu_selection("--cpus", bad, allowed), UsageError) << bad;
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
