// core/terminal_text: what reaches a terminal from a label or a file.
#include <gtest/gtest.h>

#include <sstream>

#include "core/terminal_text.h"

namespace schedlab {
namespace {

TEST(TerminalText, ControlCharactersBecomeVisible) {
  EXPECT_EQ(terminal_safe("evil\x1b]0;owned\x07"), "evil\\u001b]0;owned\\u0007");
  EXPECT_EQ(terminal_safe("a\rb"), "a\\u000db");
  EXPECT_EQ(terminal_safe("del\x7f"), "del\\u007f");
  EXPECT_EQ(terminal_safe("lines\nand\ttabs"), "lines\nand\ttabs") << "layout passes";
}

TEST(TerminalText, C1ControlsAndBrokenBytesBecomeVisible) {
  EXPECT_EQ(terminal_safe("\xc2\x9b" "31m"), "\\u009b31m") << "U+009B is CSI to many terminals";
  EXPECT_EQ(terminal_safe("\x9b" "31m"), "\\x9b31m") << "a lone byte that is not UTF-8";
  EXPECT_EQ(terminal_safe("\xed\xa0\x80"), "\\xed\\xa0\\x80") << "a surrogate is not UTF-8";
}

TEST(TerminalText, PrintableUtf8PassesUnchanged) {
  EXPECT_EQ(terminal_safe("Δ −12.5% «ok» ✓ 🙂"), "Δ −12.5% «ok» ✓ 🙂");
}

// A character split across two writes (std::cerr flushes after each) is
// passed whole, not escaped as two broken halves.
TEST(TerminalText, TheBufferJoinsASplitCharacter) {
  std::ostringstream sink;
  TerminalSafeBuffer buffer(sink.rdbuf());
  std::ostream out(&buffer);
  out << "\xce" << std::flush << "\x94" << "\x1b";
  buffer.finish();
  EXPECT_EQ(sink.str(), "Δ\\u001b");
}

TEST(TerminalText, AnUnfinishedCharacterIsShownAtTheEnd) {
  std::ostringstream sink;
  TerminalSafeBuffer buffer(sink.rdbuf());
  std::ostream out(&buffer);
  out << "ok\xe2\x82";
  buffer.finish();
  EXPECT_EQ(sink.str(), "ok\\xe2\\x82");
}

}  // namespace
}  // namespace schedlab

namespace schedlab {
namespace {

// A one-line message stays one line: its line breaks and tabs are escaped
// with the rest; printable UTF-8 passes unchanged.
TEST(TerminalText, ALineIsOneLineWhateverItHolds) {
  EXPECT_EQ(terminal_safe_line("--runs '1\n2\t\r\x1b'"), "--runs '1\\u000a2\\u0009\\u000d\\u001b'");
  EXPECT_EQ(terminal_safe_line("--label 'я'"), "--label 'я'");
}

}  // namespace
}  // namespace schedlab
