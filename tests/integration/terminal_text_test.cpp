// A label from --label or a result file reaches the terminal through
// compare, history and trend: its escape sequences must arrive as text.
#include <gtest/gtest.h>
#include <sys/stat.h>

#include "integration/harness.h"
#include "store/result_file.h"
#include "support/synthetic_sets.h"

namespace schedlab::testing {
namespace {

const std::string kHostile = "evil\x1b]0;owned\x07\xc2\x9b" "31m\r";

// Whether `text` holds a byte a terminal acts on (other than newline and tab).
bool has_terminal_control(const std::string& text) {
  for (std::size_t i = 0; i < text.size(); ++i) {
    const auto c = static_cast<unsigned char>(text[i]);
    if ((c < 0x20 && c != '\n' && c != '\t') || c == 0x7f) return true;
    if (c == 0xc2 && i + 1 < text.size() && static_cast<unsigned char>(text[i + 1]) < 0xa0) return true;
  }
  return false;
}

std::string hostile_file(const TempDir& dir) {
  ResultFile file{"2026-11-30T00:00:00Z", {}};
  file.sets.push_back(synthetic_set({.label = "base", .mean = 10000, .seed = 1}));
  file.sets.push_back(synthetic_set({.kernel = "6.12.0", .label = kHostile, .mean = 9000, .seed = 2}));
  write_result_file(dir.file("hostile.json"), file);
  return dir.file("hostile.json");
}

}  // namespace

TEST(TerminalText, CompareHistoryAndTrendPrintEscapesAsText) {
  TempDir dir;
  const std::string file = hostile_file(dir);
  const std::string store = dir.file("r.db");
  ASSERT_EQ(run_schedlab({"import", file, "--store", store}).status, 0);
  const std::vector<std::vector<std::string>> commands = {
      {"compare", file},
      {"compare", file, "--style", "lkp"},
      {"compare", file, "--style", "markdown"},
      {"compare", file, "--style", "csv"},
      {"history", "--store", store},
      {"history", "--store", store, "--csv"},
      {"trend", "--workload", "spawn", "--store", store},
  };
  for (const auto& args : commands) {
    const Outcome o = run_schedlab(args);
    EXPECT_EQ(o.status, 0) << args[0] << ": " << o.err;
    EXPECT_FALSE(has_terminal_control(o.out)) << args[0] << " printed a raw control: " << o.out;
    EXPECT_FALSE(has_terminal_control(o.err)) << args[0] << " printed a raw control on stderr: " << o.err;
  }
  const Outcome shown = run_schedlab({"compare", file});
  EXPECT_NE(shown.out.find("\\u001b]0;owned"), std::string::npos) << "shown, as text: " << shown.out;
}

TEST(TerminalText, AnErrorMessageQuotingInputIsEscapedToo) {
  const Outcome o = run_schedlab({"run", "spawn", "--runs", "x\x1b[2J"});
  EXPECT_EQ(o.status, 2);
  EXPECT_FALSE(has_terminal_control(o.err)) << o.err;
  EXPECT_NE(o.err.find("\\u001b[2J"), std::string::npos) << o.err;
}

// A workload's child writing escape sequences to stderr (the exec loop's
// program): they reach schedlab's stderr as text (issue 30, defect 10: raw).
TEST(TerminalText, AChildsStderrArrivesAsText) {
  TempDir dir;
  const std::string program = dir.write("noisy", "#!/bin/sh\nprintf 'from-child\\033]0;owned\\007\\302\\233\\n' >&2\n");
  ASSERT_EQ(chmod(program.c_str(), 0755), 0);
  const Outcome o = run_schedlab({"run", "exec", "--program", program, "--iterations", "3", "--runs", "1",
                                  "--no-store"});
  ASSERT_EQ(o.status, 0) << o.err;
  EXPECT_NE(o.err.find("from-child\\u001b]0;owned\\u0007\\u009b"), std::string::npos) << o.err;
  EXPECT_FALSE(has_terminal_control(o.err)) << o.err;
}

// --discard-output discards both of the command's streams (it kept stderr).
TEST(TerminalText, DiscardOutputDiscardsBothStreams) {
  // The words are computed, so that the command line schedlab echoes does not hold them.
  const Outcome o = run_schedlab({"run", "command", "--runs", "1", "--no-store", "--discard-output", "--",
                                  "/bin/sh", "-c", "echo out$((6 * 7)); echo err$((5 * 5)) >&2"});
  ASSERT_EQ(o.status, 0) << o.err;
  EXPECT_EQ((o.out + o.err).find("out42"), std::string::npos) << o.out << o.err;
  EXPECT_EQ((o.out + o.err).find("err25"), std::string::npos) << o.out << o.err;
}

}  // namespace schedlab::testing
