// Unit tests for the limits on text from outside: cutting UTF-8 between
// characters (core/utf8.h) and the JSON nesting depth (input/json_document.h).
#include <gtest/gtest.h>

#include <stdexcept>
#include <string>

#include "input/json_document.h"
#include "core/utf8.h"
#include "store/result_file.h"

namespace schedlab {
namespace {

std::string nested(std::size_t depth) { return std::string(depth, '[') + std::string(depth, ']'); }

}  // namespace

TEST(Utf8, PrefixNeverCutsACharacter) {
  const std::string ya = "\u044f";  // two bytes
  EXPECT_EQ(utf8_prefix("a" + ya + ya, 2), "a" + ya);
  EXPECT_TRUE(valid_utf8(utf8_prefix("a" + ya + ya + ya, 3)));
  EXPECT_EQ(utf8_prefix("abc", 5), "abc");
  EXPECT_EQ(utf8_prefix("abc", 0), "");
  EXPECT_EQ(utf8_prefix("\U0001F600x", 1), "\U0001F600");
  EXPECT_EQ(utf8_length("a" + ya + "\U0001F600"), 3u);
}

TEST(JsonDepth, CountsArraysAndObjectsOutsideStrings) {
  EXPECT_NO_THROW(input::check_json_depth(nested(256)));
  EXPECT_THROW(input::check_json_depth(nested(257)), std::runtime_error);
  EXPECT_NO_THROW(input::check_json_depth(R"({"a": "[[[[", "b": "\"{{{{"})", 1));
  EXPECT_THROW(input::check_json_depth(R"({"a": [{"b": "]]]"}]})", 2), std::runtime_error);
  try {
    input::check_json_depth(nested(1000000));
    ADD_FAILURE() << "accepted";
  } catch (const std::runtime_error& e) {
    EXPECT_STREQ(e.what(), "nested deeper than 256 levels");
  }
}

// read_result_json's parser refuses a deep document before nlohmann builds
// it: a million '[' overflowed the stack when the document was copied.
TEST(JsonDepth, AResultFileNestedTooDeepIsRefusedBeforeParsing) {
  EXPECT_THROW(parse_result_text(R"({"sets": )" + nested(1000000) + "}"), std::runtime_error);
  EXPECT_EQ(parse_result_text(R"({"a": )" + nested(200) + "}").size(), 1u);
}

}  // namespace schedlab
