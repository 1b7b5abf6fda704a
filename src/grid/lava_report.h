#pragma once
// --lava (run, suite, check): schedlab in a LAVA test shell reports
// through LAVA's own result API — one `lava-test-case` per result set,
// its verdict as the result and the primary metric's mean as the
// measurement — and prints each result file into the job's log between
// markers (grid/result_block.h), where `schedlab lava collect` finds it.
//
// An explicit option rather than detecting the test shell's environment:
// the generated job asks for it, a hand-written job can too, and a
// schedlab that happens to run under LAVA for another reason does not
// start calling lava-test-case on its own.
#include <optional>
#include <ostream>
#include <string>
#include <vector>

#include "core/result.h"

namespace schedlab::grid {

// One call of lava-test-case.
struct LavaCase {
  std::string name;    // [-_a-zA-Z0-9.]
  std::string result;  // pass, fail, skip
  std::optional<double> measurement;
  std::string units;   // without blanks
};

// The cases of `sets`: per set "[PREFIX.]LABEL.WORKLOAD" with its status
// (PASS pass, ERROR fail, SKIP skip) and the primary metric's mean, then
// one case per other metric the set's runs hold, "…WORKLOAD.METRIC" with
// the set's status, its mean and unit, so that a lab's charts and `lava
// collect` see every figure, not the headline only.
std::vector<LavaCase> set_cases(const std::vector<ResultSet>& sets, const std::string& prefix = "");

// `text` as a LAVA test case name or unit: every character but letters,
// digits, '.', '_' and '-' becomes '_'.
std::string lava_word(const std::string& text);

// `text` as a LAVA unit: blanks, '=', '<' and '>' (which would break
// LAVA's signal line) become '_'; "loops/s" and "%" stay.
std::string lava_units(const std::string& text);

// The lava-test-case on PATH (LAVA's test shell puts it there); throws
// UsageError naming --lava when there is none: not in a LAVA test shell.
std::string find_lava_test_case();

// Runs `tool` (find_lava_test_case()) for each case and copies what it
// prints (LAVA's signal lines) to `out`.  Throws SystemError when it
// cannot be started.
void report_cases(const std::string& tool, const std::vector<LavaCase>& cases, std::ostream& out);

// Prints `file` as a result block named `name`, with the TESTRUN_ID LAVA's
// test shell exports, to `out`.
void print_result_block(const ResultFile& file, const std::string& name, std::ostream& out);

}  // namespace schedlab::grid
