// Unit tests for src/grid/shell_words.cpp: a command line the shell splits
// back into exactly the words given.
#include "grid/shell_words.h"

#include <gtest/gtest.h>

namespace schedlab::grid {
namespace {

TEST(ShellWords, PlainWordsStayPlainOthersAreSingleQuoted) {
  EXPECT_EQ(shell_command_line({"schedlab", "run", "spawn", "--vary", "autogroup=off,on", "--label", "a.b_c-1"}),
            "schedlab run spawn --vary autogroup=off,on --label a.b_c-1");
  EXPECT_EQ(shell_command_line({"echo", "a b", "", "$HOME", "x;y", "`id`"}), "echo 'a b' '' '$HOME' 'x;y' '`id`'");
  EXPECT_EQ(shell_command_line({"it's"}), "'it'\\''s'");
}

}  // namespace
}  // namespace schedlab::grid
