// Unit tests for src/grid/result_block.cpp: result files through a LAVA
// log, and what a shared console does to them.
#include "grid/result_block.h"

#include <gtest/gtest.h>

#include <sstream>

namespace schedlab::grid {
namespace {

std::vector<std::string> lines_of(const std::string& text) {
  std::vector<std::string> lines;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) lines.push_back(line);
  return lines;
}

std::vector<ResultBlockReader::Found> read_lines(const std::vector<std::string>& lines) {
  ResultBlockReader reader;
  for (const auto& line : lines) reader.line(line);
  return reader.finish();
}

const ResultBlock kBlock{"spawn.json", "2_schedlab-boot1-block1-a",
                         R"({"schema":"schedlab.result/1","sets":[{"label":"a \u00e9\n"}]})" + std::string(300, ' ')};

TEST(ResultBlock, RoundTripsInShortLinesAmongOtherOutput) {
  const std::string text = encode_result_block(kBlock);
  auto lines = lines_of(text);
  for (const auto& line : lines) EXPECT_LE(line.size(), 200u);
  lines.insert(lines.begin(), "<LAVA_SIGNAL_TESTCASE TEST_CASE_ID=a.spawn RESULT=pass>");
  lines.push_back("+ set +x");
  for (auto& line : lines) line += "\r";  // a serial console's line ends
  const auto found = read_lines(lines);
  ASSERT_EQ(found.size(), 1u);
  EXPECT_EQ(found[0].problem, "");
  EXPECT_EQ(found[0].block.file, kBlock.file);
  EXPECT_EQ(found[0].block.testrun, kBlock.testrun);
  EXPECT_EQ(found[0].block.json, kBlock.json);
}

TEST(ResultBlock, EveryLengthOfDataRoundTrips) {
  for (std::size_t n = 0; n < 70; ++n) {
    const ResultBlock b{"f", "", std::string(n, static_cast<char>('a' + n % 26))};
    const auto found = read_lines(lines_of(encode_result_block(b)));
    ASSERT_EQ(found.size(), 1u);
    EXPECT_EQ(found[0].problem, "") << n;
    EXPECT_EQ(found[0].block.json, b.json) << n;
  }
}

TEST(ResultBlock, AKernelMessageInsideABlockIsAProblemNotData) {
  auto lines = lines_of(encode_result_block(kBlock));
  lines.insert(lines.begin() + 2, "[   12.345678] random: crng init done");
  const auto found = read_lines(lines);
  ASSERT_EQ(found.size(), 1u);
  EXPECT_NE(found[0].problem, "");
  EXPECT_EQ(found[0].block.json, "");
}

TEST(ResultBlock, AChangedCharacterIsCaughtByTheChecksumOrTheDecoder) {
  auto lines = lines_of(encode_result_block(kBlock));
  lines[1][10] = lines[1][10] == 'A' ? 'B' : 'A';
  const auto found = read_lines(lines);
  ASSERT_EQ(found.size(), 1u);
  EXPECT_NE(found[0].problem, "");
}

TEST(ResultBlock, ALogThatEndsInsideABlockSaysSo) {
  auto lines = lines_of(encode_result_block(kBlock));
  lines.pop_back();
  const auto found = read_lines(lines);
  ASSERT_EQ(found.size(), 1u);
  EXPECT_EQ(found[0].problem, "the log ends inside it");
}

TEST(ResultBlock, TwoBlocksInOrder) {
  const ResultBlock second{"fork-autogroup", "3_x", "{}"};
  const auto found = read_lines(lines_of(encode_result_block(kBlock) + "noise\n" + encode_result_block(second)));
  ASSERT_EQ(found.size(), 2u);
  EXPECT_EQ(found[0].block.file, "spawn.json");
  EXPECT_EQ(found[1].block.json, "{}");
}

}  // namespace
}  // namespace schedlab::grid
