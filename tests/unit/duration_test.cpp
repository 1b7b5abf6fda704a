// Unit tests for src/core/duration.cpp.
#include "core/duration.h"

#include <gtest/gtest.h>

#include "core/error.h"

namespace schedlab {

using namespace std::chrono_literals;

TEST(Duration, AcceptsEveryDocumentedForm) {
  EXPECT_EQ(parse_duration("--duration", "10", false), 10s);
  EXPECT_EQ(parse_duration("--duration", "10s", false), 10s);
  EXPECT_EQ(parse_duration("--duration", "500ms", false), 500ms);
  EXPECT_EQ(parse_duration("--warmup", "250us", true), 250us);
  EXPECT_EQ(parse_duration("--duration", "2m", false), 120s);
  EXPECT_EQ(parse_duration("--duration", "1.5s", false), 1500ms);
}

TEST(Duration, AWindowIsAtLeastOneMillisecond) {
  EXPECT_THROW(parse_duration("--duration", "250us", false), UsageError);
}

TEST(Duration, ZeroOnlyWhenAllowed) {
  EXPECT_EQ(parse_duration("--warmup", "0", true), 0s);
  EXPECT_THROW(parse_duration("--duration", "0", false), UsageError);
}

TEST(Duration, RejectsNegativeJunkAndUnknownUnits) {
  for (const char* bad : {"-5s", "xyz", "", "10x", "s", "1e999", "nan"}) {
    try {
      parse_duration("--duration", bad, false);
      ADD_FAILURE() << "accepted '" << bad << "'";
    } catch (const UsageError& e) {
      EXPECT_EQ(std::string(e.what()).rfind("--duration '", 0), 0u) << e.what();
    }
  }
}

TEST(Duration, MessageNamesOptionValueAndAllowed) {
  try {
    parse_duration("--duration", "xyz", false);
    FAIL();
  } catch (const UsageError& e) {
    EXPECT_STREQ(e.what(),
                 "--duration 'xyz': expected a duration such as 10, 10s, 500ms, 250us or 2m");
  }
}

TEST(Duration, FormatsShortest) {
  EXPECT_EQ(format_duration(10s), "10s");
  EXPECT_EQ(format_duration(500ms), "500ms");
  EXPECT_EQ(format_duration(120s), "2m");
  EXPECT_EQ(format_duration(250us), "250us");
}

}  // namespace schedlab
