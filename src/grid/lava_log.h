#pragma once
// A LAVA job's log as the dispatcher writes it: one YAML flow mapping per
// line, {"dt": ..., "lvl": ..., "msg": ...} (lava-run prints them; the
// server keeps them as a YAML list in output.yaml, each line "- {...}", and
// serves that list at /api/v0.2/jobs/ID/logs/).  What collect needs from
// it: the console lines (lvl "target", where the result blocks are, and
// the test shell's STARTRUN/ENDRUN signals saying which test run printed
// them), the test cases LAVA recorded (lvl "results": also the job's test
// definitions as LAVA loaded them, and the job's own end) and QEMU's
// command line.
#include <istream>
#include <optional>
#include <string>
#include <vector>

#include "grid/result_block.h"

namespace schedlab::grid {

// One test case as LAVA recorded it.
struct RecordedCase {
  std::string definition;  // "2_schedlab-boot1-block1-a"
  std::string name, result;
  std::optional<double> measurement;
  std::string units;
};

struct LavaLog {
  std::vector<ResultBlockReader::Found> blocks;  // in the order they were printed
  std::vector<RecordedCase> cases;
  std::vector<std::string> boot_commands;  // "Boot command: ..." of the qemu boot method, in order
  std::vector<std::string> errors;         // the job's own error lines (lvl "error")
  // The job's test definitions ("schedlab-boot1-block1-a"), as LAVA's
  // deploy loaded them ("test-overlay" results), first seen first; empty
  // for a log that does not show them (one written by hand).
  std::vector<std::string> planned;
  bool runs_signalled = false;  // the console shows the test shell's STARTRUN signals
  bool job_ended = false;       // LAVA recorded the job's own result (definition "lava", case "job")
  // Records refused, one line each ("line 12: ..."): what the log holds
  // in them is left out, the rest is read.
  std::vector<std::string> refused;
  std::size_t records = 0;
};

// Reads `in` record by record.  A line that is not a record (a blank, the
// list's "---") is skipped; a line that looks like one ('{') but is not a
// {dt, lvl, msg} mapping, or whose fields are not what its level holds,
// is refused (named in `refused`) and the rest read.  Throws
// std::runtime_error when no line at all is a record (not a LAVA log).
LavaLog read_lava_log(std::istream& in);

}  // namespace schedlab::grid
