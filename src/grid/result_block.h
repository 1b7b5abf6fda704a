#pragma once
// A result file travelling through a LAVA job's log.  LAVA's test shell
// offers no offline way to upload a file (lava-test-reference records a URL
// the file must already be at), but everything a test prints on the serial
// console is kept in the job's log, by lava-run and by the server alike.
// So the file is printed there, compressed (zlib), in base64 lines of 76
// characters (short lines survive consoles and log splitting), between
//
//   SCHEDLAB-LAVA-RESULT-BEGIN {"file":"spawn.json","testrun":"2_schedlab-boot1-block1-a","bytes":N,"sha256":"..."}
//   ...
//   SCHEDLAB-LAVA-RESULT-END
//
// `bytes` and `sha256` describe the JSON text, so a block that a kernel
// message cut into (the console is shared) is detected, never misread.
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace schedlab::grid {

struct ResultBlock {
  std::string file;     // what the result is ("spawn.json", a suite's scenario)
  std::string testrun;  // LAVA's TESTRUN_ID where it was printed ("" outside a test shell)
  std::string json;     // the result file's text
};

inline constexpr const char* kBlockBegin = "SCHEDLAB-LAVA-RESULT-BEGIN ";
inline constexpr const char* kBlockEnd = "SCHEDLAB-LAVA-RESULT-END";

// The block's lines, each ending in '\n'.
std::string encode_result_block(const ResultBlock& block);

// Collects blocks from log lines in order.  A block whose text does not
// decode to its bytes and checksum is reported, with why, instead.
class ResultBlockReader {
 public:
  struct Found {
    ResultBlock block;
    std::string problem;     // empty when the block decoded
    std::string printed_in;  // the test run open when it began (in_run), "" for none
  };
  // One line of console output, without its line end.
  void line(const std::string& raw);
  // The test run LAVA's test shell is in from now on ("" between runs).
  void in_run(std::string testrun) { run_ = std::move(testrun); }
  // The blocks found so far; a block still open at the end is a problem.
  std::vector<Found> finish();

 private:
  void close();
  std::optional<Found> open_;
  std::string base64_;
  std::size_t bytes_ = 0;
  std::string sha256_;
  std::string run_;
  std::vector<Found> found_;
};

}  // namespace schedlab::grid
