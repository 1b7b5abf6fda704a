// Unit tests for src/grid/lava_collect.cpp and lava_log.cpp: a job's log
// into one set per kernel, paired by block, as kernels makes them.
#include "grid/lava_collect.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <sstream>

#include "grid/lava_log.h"
#include "support/sample_result.h"
#include "support/registries.h"

namespace schedlab::grid {
namespace {

// What one boot's test shell printed: its set (2 runs) in a result block.
std::string boot_output(const std::string& kernel, int boot, int block, int index, Status status = Status::kPass,
                        const std::string& copies = "4") {
  ResultSet set = testing::sample_set();
  set.scenario.requested["copies"] = copies;
  set.label = kernel;
  set.runs.resize(2);
  for (auto& run : set.runs) run.started = "2026-12-01T00:0" + std::to_string(index) + ":00Z";  // each boot its own
  set.status = status;
  if (status != Status::kPass) set.error = "fork failed";
  const std::string testrun = std::to_string(index) + "_schedlab-boot" + std::to_string(boot) + "-block" +
                              std::to_string(block) + "-" + kernel;
  return encode_result_block({"spawn.json", testrun, ordered_json(ResultFile{"2026-12-01T00:00:00Z", {set}}).dump()});
}

// A console line as LAVA 2023.01's ShellLogger puts it into a record:
// every '"' written as '\"', nothing else escaped.
std::string shell_logged(const std::string& line) {
  std::string out;
  for (char c : line) out += c == '"' ? std::string("\\\"") : std::string(1, c);
  return out;
}

// The output as a LAVA log: one record per console line, escaped as the
// dispatcher escapes it unless `escaped` is false (a log written by hand).
LavaLog log_of(const std::string& console, const std::string& extra = "", bool escaped = true) {
  std::string log;
  std::istringstream in(console);
  for (std::string line; std::getline(in, line);)
    log += "- " + ordered_json({{"dt", "x"}, {"lvl", "target"}, {"msg", escaped ? shell_logged(line) : line}}).dump() +
           "\n";
  std::istringstream text(log + extra);
  return read_lava_log(text);
}

TEST(LavaCollect, EachKernelsBootsBecomeOneSetPairedByBlock) {
  const std::string console = boot_output("a", 1, 1, 0) + "noise\n" + boot_output("b", 1, 1, 1) +
                              boot_output("b", 2, 2, 2) + boot_output("a", 2, 2, 3);
  const std::string results =
      R"(- {"dt": "x", "lvl": "results", "msg": {"case": "a.spawn", "definition": "0_schedlab-boot1-block1-a", "result": "pass", "measurement": ! "27756.2", "units": "loops/s"}})"
      "\n"
      R"(- {"dt": "x", "lvl": "info", "msg": "Boot command: /usr/bin/qemu-system-x86_64 -nographic -m 1024 -kernel k"})"
      "\n";
  const Collected c = collect_sets(log_of(console, results), {"lava-run output out", "7", nullptr, 4}, testing::workload_registry());
  EXPECT_TRUE(c.problems.empty());
  EXPECT_TRUE(c.refused.empty()) << c.refused.front();
  EXPECT_EQ(c.boots, 4);
  ASSERT_EQ(c.sets.size(), 2u);
  const ResultSet& a = c.sets[0];
  EXPECT_EQ(a.label, "a");
  EXPECT_EQ(a.status, Status::kPass);
  ASSERT_EQ(a.runs.size(), 4u);
  EXPECT_EQ(a.runs[0].boot, 1);
  EXPECT_EQ(a.runs[2].boot, 2);
  EXPECT_EQ(a.runs[0].block, 1);
  EXPECT_EQ(a.runs[3].block, 4);
  EXPECT_EQ(c.sets[1].runs[3].block, 4) << "the same block pairs across kernels";
  EXPECT_EQ(a.environment["kernel"]["release"], "6.13.1");
  const ordered_json& lava = c.lava[0];
  EXPECT_EQ(lava["job_id"], "7");
  ASSERT_EQ(lava["boots"].size(), 2u);
  EXPECT_EQ(lava["boots"][0]["definition"], "0_schedlab-boot1-block1-a");
  EXPECT_EQ(lava["boots"][0]["cases"][0]["measurement"], 27756.2);
  EXPECT_TRUE(a.emulated) << "QEMU without KVM";
  const auto docs = set_documents(c, "2026-12-01T23:00:00Z");
  ASSERT_EQ(docs.size(), 2u);
  EXPECT_EQ(docs[1].set["lava"]["boots"][1]["definition"], "2_schedlab-boot2-block2-b");
  EXPECT_EQ(docs[1].set["label"], "b");
}

TEST(LavaCollect, AFailedBootOrAMissingOneMakesItsSetAnError) {
  const std::string console = boot_output("a", 1, 1, 0) + boot_output("a", 2, 2, 1, Status::kError);
  const Collected failed = collect_sets(log_of(console), {"log", "", nullptr, 0}, testing::workload_registry());
  ASSERT_EQ(failed.sets.size(), 1u);
  EXPECT_EQ(failed.sets[0].status, Status::kError);
  EXPECT_EQ(failed.sets[0].error, "a boot 2 (block 2): fork failed");
  const Collected short_job = collect_sets(log_of(boot_output("a", 1, 1, 0)), {"log", "", nullptr, 2}, testing::workload_registry());
  EXPECT_EQ(short_job.sets[0].status, Status::kError);
  EXPECT_EQ(short_job.sets[0].error, "the job brought back 1 of its 2 boots");
  EXPECT_FALSE(short_job.sets[0].emulated) << "no QEMU command in the log";
}

TEST(LavaCollect, ACutBlockIsAProblemAndItsBootIsMissing) {
  std::string cut = boot_output("a", 1, 1, 0);
  cut.insert(cut.find('\n') + 1, "[ 3.1] random: crng init done\n");
  const Collected c = collect_sets(log_of(cut + boot_output("a", 2, 2, 1)), {"log", "", nullptr, 0}, testing::workload_registry());
  ASSERT_EQ(c.problems.size(), 1u);
  EXPECT_NE(c.problems[0].find("0_schedlab-boot1-block1-a"), std::string::npos) << c.problems[0];
  ASSERT_EQ(c.sets.size(), 1u);
  EXPECT_EQ(c.sets[0].runs.size(), 2u);
}

TEST(LavaCollect, BlocksOutsideOurDefinitionsAreBootsOfTheirLabel) {
  std::string console;
  for (int i = 0; i < 2; ++i) {
    ResultSet set = testing::sample_set();
    set.label = "mine";
    set.runs.front().started = "2026-12-01T00:0" + std::to_string(i) + ":00Z";
    console += encode_result_block({"spawn.json", "", ordered_json(ResultFile{"t", {set}}).dump()});
  }
  const Collected c = collect_sets(log_of(console), {"log", "", nullptr, 0}, testing::workload_registry());
  ASSERT_EQ(c.sets.size(), 1u);
  EXPECT_EQ(c.sets[0].label, "mine");
  EXPECT_EQ(c.sets[0].runs.size(), 6u);
  EXPECT_EQ(c.sets[0].runs.back().boot, 2);
}

// The test shell's signals around a boot's output, as LAVA's test runner prints them.
std::string in_run(const std::string& testrun, const std::string& output) {
  return "<LAVA_SIGNAL_STARTRUN " + testrun + " 2_1.1.3.1>\n" + output + "<LAVA_SIGNAL_ENDRUN " + testrun +
         " 2_1.1.3.1>\n";
}

// The records LAVA's deploy writes for each test definition of the job,
// and (unless the log is cut) the job's own end.
std::string lava_records(const std::vector<std::string>& definitions, bool ended = true) {
  std::string out;
  for (const auto& d : definitions)
    out += ordered_json({{"dt", "x"}, {"lvl", "results"},
                         {"msg", {{"case", "test-overlay"}, {"definition", "lava"}, {"result", "pass"},
                                  {"extra", {{"name", d}}}}}}).dump() + "\n";
  if (ended) out += R"({"dt": "x", "lvl": "results", "msg": {"case": "job", "definition": "lava", "result": "pass"}})" "\n";
  return out;
}

bool says(const std::vector<std::string>& lines, const std::string& text) {
  return std::any_of(lines.begin(), lines.end(), [&](const std::string& l) { return l.find(text) != std::string::npos; });
}

const std::vector<std::string> kPlanned = {"schedlab-boot1-block1-a", "schedlab-boot1-block1-b",
                                           "schedlab-boot2-block2-a", "schedlab-boot2-block2-b"};

std::string whole_job() {
  return in_run("0_schedlab-boot1-block1-a", boot_output("a", 1, 1, 0)) +
         in_run("1_schedlab-boot1-block1-b", boot_output("b", 1, 1, 1)) +
         in_run("2_schedlab-boot2-block2-a", boot_output("a", 2, 2, 2)) +
         in_run("3_schedlab-boot2-block2-b", boot_output("b", 2, 2, 3));
}

TEST(LavaCollect, AForgedBlockPrintedOutsideItsTestRunIsRefusedAndNamed) {
  // b's boot 2 printed again, by something in a's first test run.
  std::string console = whole_job();
  console.insert(console.find("<LAVA_SIGNAL_ENDRUN 0_"), boot_output("b", 2, 2, 3, Status::kPass, "4"));
  const Collected c = collect_sets(log_of(console, lava_records(kPlanned)), {"log", "", nullptr, 0}, testing::workload_registry());
  ASSERT_EQ(c.refused.size(), 1u);
  EXPECT_NE(c.refused[0].find("'spawn.json' of 3_schedlab-boot2-block2-b: printed in 0_schedlab-boot1-block1-a, "
                              "not in the test run it names: refused"), std::string::npos) << c.refused[0];
  EXPECT_TRUE(c.problems.empty()) << c.problems[0];
  ASSERT_EQ(c.sets.size(), 2u);
  EXPECT_EQ(c.sets[1].runs.size(), 4u) << "b's two boots, once each";
  EXPECT_EQ(c.boots, 4);
}

TEST(LavaCollect, ABlockOfAnotherSpecIsRefusedAndNamedWithTheDifference) {
  const std::string console = boot_output("a", 1, 1, 0) + boot_output("b", 1, 1, 1) +
                              boot_output("a", 2, 2, 2, Status::kPass, "8") + boot_output("b", 2, 2, 3);
  const Collected c = collect_sets(log_of(console), {"log", "", nullptr, 0}, testing::workload_registry());
  ASSERT_EQ(c.refused.size(), 1u);
  EXPECT_NE(c.refused[0].find("of 2_schedlab-boot2-block2-a: it measured spec "), std::string::npos) << c.refused[0];
  EXPECT_NE(c.refused[0].find("--copies 8 (a) vs 4 (a)"), std::string::npos) << c.refused[0];
  ASSERT_EQ(c.sets.size(), 2u);
  EXPECT_EQ(c.sets[0].runs.size(), 2u);
  EXPECT_EQ(c.sets[1].runs.size(), 4u);
}

TEST(LavaCollect, ADuplicatedBlockIsCountedOnce) {
  const std::string a1 = boot_output("a", 1, 1, 0);
  // The same block twice, and another result claiming a's boot 1.
  const std::string console = a1 + a1 + boot_output("a", 1, 1, 0, Status::kError) + boot_output("a", 2, 2, 1);
  const Collected c = collect_sets(log_of(console), {"log", "", nullptr, 0}, testing::workload_registry());
  ASSERT_EQ(c.refused.size(), 2u);
  EXPECT_TRUE(says(c.refused, "a copy of the result block 'spawn.json' of 0_schedlab-boot1-block1-a")) << c.refused[0];
  EXPECT_TRUE(says(c.refused, "a second result of a boot 1 (block 1)")) << c.refused[1];
  ASSERT_EQ(c.sets.size(), 1u);
  EXPECT_EQ(c.sets[0].runs.size(), 4u);
  EXPECT_EQ(c.boots, 2);
}

TEST(LavaCollect, ABlockOfAKernelNotInTheJobIsRefused) {
  const std::string console = whole_job() + in_run("4_schedlab-boot1-block1-c", boot_output("c", 1, 1, 4));
  const Collected from_log = collect_sets(log_of(console, lava_records(kPlanned)), {"log", "", nullptr, 0}, testing::workload_registry());
  ASSERT_EQ(from_log.refused.size(), 1u);
  EXPECT_NE(from_log.refused[0].find("kernel 'c' is not one of the job's (a, b)"), std::string::npos)
      << from_log.refused[0];
  EXPECT_EQ(from_log.sets.size(), 2u);
  // The job's own record names the kernels when the log does not.
  const Collected from_job = collect_sets(log_of(console), {"server", "7", nullptr, 0, {"a", "b"}}, testing::workload_registry());
  EXPECT_EQ(from_job.refused.size(), 1u);
  EXPECT_EQ(from_job.sets.size(), 2u);
}

TEST(LavaCollect, ABlockThatIsNotAResultFileIsRefusedTheRestKept) {
  const std::string bad = encode_result_block({"spawn.json", "1_schedlab-boot1-block1-b", R"({"sets": 7})"});
  const std::string console = boot_output("a", 1, 1, 0) + bad + boot_output("a", 2, 2, 2);
  const Collected c = collect_sets(log_of(console), {"log", "", nullptr, 0}, testing::workload_registry());
  ASSERT_EQ(c.refused.size(), 1u);
  EXPECT_NE(c.refused[0].find("of 1_schedlab-boot1-block1-b is not a result file"), std::string::npos) << c.refused[0];
  ASSERT_EQ(c.sets.size(), 1u);
  EXPECT_EQ(c.sets[0].runs.size(), 4u);
}

TEST(LavaCollect, ALogCutBetweenTwoBootsSaysWhatIsMissingAndKeepsWhatCame) {
  const std::string console = in_run("0_schedlab-boot1-block1-a", boot_output("a", 1, 1, 0)) +
                              in_run("1_schedlab-boot1-block1-b", boot_output("b", 1, 1, 1)) +
                              in_run("2_schedlab-boot2-block2-a", boot_output("a", 2, 2, 2));
  const Collected c = collect_sets(log_of(console, lava_records(kPlanned, false)), {"log", "", nullptr, 0}, testing::workload_registry());
  ASSERT_EQ(c.problems.size(), 1u);
  EXPECT_EQ(c.problems[0], "the log has no result of b boot 2 (block 2): the log ends before the job did (LAVA "
                           "recorded no end of the job)");
  ASSERT_EQ(c.sets.size(), 2u);
  EXPECT_EQ(c.sets[0].status, Status::kPass) << "a's boots all came back";
  EXPECT_EQ(c.sets[0].runs.size(), 4u);
  EXPECT_EQ(c.sets[1].status, Status::kError);
  EXPECT_EQ(c.sets[1].error, "the log has no result of boot 2 (block 2)");
  EXPECT_EQ(c.sets[1].runs.size(), 2u);
  // Cut after the last boot, before the job's end: nothing is missing, but the log is not whole.
  const Collected late = collect_sets(log_of(whole_job(), lava_records(kPlanned, false)), {"log", "", nullptr, 0}, testing::workload_registry());
  ASSERT_EQ(late.problems.size(), 1u);
  EXPECT_EQ(late.problems[0], "the log ends before the job did (LAVA recorded no end of the job)");
  EXPECT_TRUE(collect_sets(log_of(whole_job(), lava_records(kPlanned)), {"log", "", nullptr, 0}, testing::workload_registry()).problems.empty());
}

TEST(LavaLog, AMalformedRecordAmongGoodOnesIsNamedAndSkipped) {
  const std::string bad =
      R"({"dt": "x", "lvl": {"not": "text"}, "msg": "x"})" "\n"
      R"({"dt": "x", "lvl": "results", "msg": {"definition": {"a": 1}, "case": "c", "result": "pass"}})" "\n"
      R"({"dt": "x", "lvl": "target", "msg": "unclosed)" "\n"
      R"(- {"dt": "x", "lvl": "results", "msg": {"case": "job", "definition": "lava", "result": [1]}})" "\n";
  const std::string console = boot_output("a", 1, 1, 0);
  const LavaLog log = log_of(console, bad + lava_records({}, false));
  ASSERT_EQ(log.refused.size(), 3u);
  const auto first_bad = std::count(console.begin(), console.end(), '\n') + 1;
  EXPECT_EQ(log.refused[0], "line " + std::to_string(first_bad) + ": not a LAVA log record (a {dt, lvl, msg} mapping "
                            "with the fields its level holds): skipped");
  EXPECT_TRUE(log.job_ended) << "a record LAVA writes is read whatever else its mapping holds";
  ASSERT_EQ(log.blocks.size(), 1u);
  const Collected c = collect_sets(log, {"log", "", nullptr, 0}, testing::workload_registry());
  EXPECT_EQ(c.refused.size(), 3u);
  EXPECT_EQ(c.sets.size(), 1u);
}

TEST(LavaLog, ConsoleLinesComeBackAsPrintedEscapedOrNot) {
  const std::string block = boot_output("a", 1, 1, 0);
  for (bool escaped : {true, false}) {
    const LavaLog log = log_of(block, "", escaped);
    ASSERT_EQ(log.blocks.size(), 1u) << escaped;
    EXPECT_TRUE(log.blocks[0].problem.empty()) << escaped << ": " << log.blocks[0].problem;
  }
  // A backslash the device printed before a quote stays: only the
  // dispatcher's own is dropped.
  const std::string header = block.substr(0, block.find('\n'));
  const std::string odd = header.substr(0, header.size() - 1) + R"(,"note":"\"q\"\\"})" + "\n" +
                          block.substr(block.find('\n') + 1);
  const LavaLog log = log_of(odd);
  ASSERT_EQ(log.blocks.size(), 1u);
  EXPECT_TRUE(log.blocks[0].problem.empty()) << log.blocks[0].problem;
}

TEST(LavaLog, ANonLogIsRefused) {
  std::istringstream text("hello\nworld\n");
  EXPECT_THROW(read_lava_log(text), std::runtime_error);
}

}  // namespace
}  // namespace schedlab::grid
