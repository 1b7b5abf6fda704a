// Unit tests for src/report/wrap.cpp.
#include "report/wrap.h"

#include <gtest/gtest.h>

namespace schedlab {

TEST(Wrap, BreaksAtSpacesWithinTheWidth) {
  EXPECT_EQ(wrap("aaa bbb ccc", 7), "aaa bbb\nccc");
  EXPECT_EQ(wrap("aaa bbb ccc", 80), "aaa bbb ccc");
  EXPECT_EQ(wrap("", 10), "");
}

TEST(Wrap, SpacingInsideALineIsKept) {
  EXPECT_EQ(wrap("a  b   c", 80), "a  b   c");
  EXPECT_EQ(wrap("aaa  bbb  ccc", 8), "aaa  bbb\nccc");
}

TEST(Wrap, IndentsCountInTheWidth) {
  EXPECT_EQ(wrap("one two three", 9, "> ", "  "), "> one two\n  three");
}

TEST(Wrap, ALongWordHasALineOfItsOwn) {
  EXPECT_EQ(wrap("a /a/very/long/path b", 6), "a\n/a/very/long/path\nb");
}

TEST(Wrap, NewlinesArePartBreaks) {
  EXPECT_EQ(wrap("one\ntwo three", 9, "", " "), "one\n two\n three");
}

}  // namespace schedlab
