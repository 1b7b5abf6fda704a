// Golden tests for src/report/text_reporter.cpp: the exact console layout.
// Regenerate with SCHEDLAB_UPDATE_GOLDEN=1 after an intended change.
#include "report/text_reporter.h"

#include <gtest/gtest.h>

#include <cstdlib>
#include <fstream>
#include <sstream>

#include "report/run_plan.h"
#include "report/table.h"
#include "workloads/builtin.h"
#include "support/golden.h"
#include "support/sample_result.h"

namespace schedlab {
TEST(TextReporter, RunLinesAndSummaryMatchGolden) {
  const ResultSet set = testing::sample_set();
  std::string out;
  for (const auto& run : set.runs) out += format_run_line(set, run, 3);
  out += format_summary(set);
  testing::expect_golden("text/spawn_summary.txt", out);
}

TEST(TextReporter, FitsAnEightyColumnMail) {
  ResultSet set = testing::sample_set();
  set.metrics.push_back({"set_cpu_softirq_pct", "%", Better::kLower, "longest name"});
  for (auto& run : set.runs) run.values.set("set_cpu_softirq_pct", 123456789.0);
  std::istringstream lines(format_summary(set));
  for (std::string line; std::getline(lines, line);) EXPECT_LE(line.size(), 80u) << line;
}

// A probe the selection asked for that cannot run here is said under the
// heading, in one line with why, in the run's own report as in its plan.
TEST(TextReporter, AProbeThatCannotRunHereIsSaidInOneLine) {
  ResultSet set = testing::sample_set();
  set.probes = {{"selection", "default"},
                {"probes", {{{"name", "psi"}, {"available", true}},
                            {{"name", "bpf-offcpu"}, {"available", false}, {"reason", "needs root"}}}}};
  const auto workloads = builtin_workloads();
  const std::string brief = format_brief(set, workloads);
  EXPECT_NE(brief.find("\n  probes not here: bpf-offcpu (needs root)\n"), std::string::npos) << brief;
  EXPECT_EQ(probes_not_here(set), "bpf-offcpu (needs root)");
  set.probes["probes"][1]["available"] = true;
  EXPECT_EQ(format_brief(set, workloads).find("not here"), std::string::npos);
}

TEST(Table, NumbersShrinkToFit) {
  EXPECT_EQ(format_number(27776.2, 9), "27776.20");
  EXPECT_EQ(format_number(1234567.891, 9), "1234567.9");
  EXPECT_EQ(format_number(123456789.0, 9), "123456789");
  EXPECT_EQ(format_number(12345678901.0, 9), "1.23e+10");
}

}  // namespace schedlab
