// The command workload through the real binary: user and system time of the
// command and of grandchildren it orphans, failures with the stderr tail,
// output files, warmup runs.
#include <gtest/gtest.h>

#include <filesystem>

#include "integration/harness.h"

namespace schedlab::testing {
namespace {

namespace fs = std::filesystem;

const std::string kUserBurner = "i=0; while [ $i -lt 300000 ]; do i=$((i+1)); done";

nlohmann::json run_command(const std::vector<std::string>& command, TempDir& dir,
                           const std::vector<std::string>& options = {}) {
  std::vector<std::string> args = {"run", "command", "--runs", "2", "--json", dir.file("r.json")};
  args.insert(args.end(), options.begin(), options.end());
  args.push_back("--");
  args.insert(args.end(), command.begin(), command.end());
  const Outcome o = run_schedlab(args);
  EXPECT_EQ(o.status, 0) << o.err;
  EXPECT_TRUE(leftover_children().empty());
  return read_json(dir.file("r.json"))["sets"][0];
}

}  // namespace

TEST(Command, UserTimeBurnerReportsTimeLikeUsrBinTime) {
  TempDir dir;
  const auto set = run_command({"sh", "-c", kUserBurner}, dir);
  EXPECT_EQ(set["workload"]["primary_metric"], "elapsed_s");
  for (const auto& run : set["runs"]) {
    const auto& v = run["values"];
    EXPECT_GT(v["elapsed_s"].get<double>(), 0);
    EXPECT_GT(v["user_s"].get<double>(), v["sys_s"].get<double>()) << "a shell loop is user time";
    EXPECT_GT(v["cpu_pct"].get<double>(), 0);
    EXPECT_GT(v["max_rss_kb"].get<double>(), 0);
    EXPECT_GE(v["minor_faults"].get<double>(), 1);
  }
}

TEST(Command, SystemTimeBurnerReportsSystemTime) {
  TempDir dir;
  const auto set =
      run_command({"dd", "if=/dev/zero", "of=/dev/null", "bs=1", "count=2000000"}, dir, {"--keep-output"});
  for (const auto& run : set["runs"])
    EXPECT_GT(run["values"]["sys_s"].get<double>(), run["values"]["user_s"].get<double>())
        << "one-byte reads and writes are system time";
  EXPECT_TRUE(fs::exists(dir.file("r.run1.stderr"))) << "--keep-output keeps it next to the result";
  EXPECT_NE(read_json(dir.file("r.json")).dump().find("2000000"), std::string::npos);
}

TEST(Command, OrphanedGrandchildIsCounted) {
  TempDir dir;
  const auto set = run_command({"sh", "-c", "(" + kUserBurner + ") & exit 0"}, dir);
  for (const auto& run : set["runs"]) {
    const auto& v = run["values"];
    EXPECT_GT(v["user_s"].get<double>(), v["elapsed_s"].get<double>())
        << "the orphan's CPU time counts although the command exited at once";
  }
}

// A daemon leaves the command's session and process group (setsid): it used
// to survive the group kill, and the worker then waited for it forever.
TEST(Command, ADaemonLeftBehindIsKilledAfterTheGraceAndNamed) {
  TempDir dir;
  Schedlab run({"run", "command", "--runs", "1", "--discard-output", "--json", dir.file("r.json"), "--",
                "sh", "-c", "setsid sleep 600 & exit 0"});
  const Outcome o = run.wait(std::chrono::seconds(60));
  ASSERT_EQ(o.status, 0) << o.err;
  EXPECT_TRUE(leftover_children().empty());
  const auto set = read_json(dir.file("r.json"))["sets"][0];
  std::string detail;  // a busy machine may add a "busy" warning beside it
  for (const auto& w : set["warnings"])
    if (w["kind"] == "leftovers") detail = w["detail"];
  ASSERT_FALSE(detail.empty()) << set["warnings"].dump();
  EXPECT_NE(detail.find("killed 1 process"), std::string::npos) << detail;
  EXPECT_NE(detail.find(": sleep"), std::string::npos) << detail;
  EXPECT_EQ(set["runs"][0]["copies"][0]["leftovers_killed"], 1);
  EXPECT_LT(set["runs"][0]["values"]["elapsed_s"].get<double>(), 5) << "elapsed is the command's own";
}

TEST(Command, FailingCommandIsAnErrorWithItsStderr) {
  TempDir dir;
  const Outcome o = run_schedlab({"run", "command", "--runs", "2", "--json", dir.file("r.json"), "--",
                                  "sh", "-c", "echo 'it broke' >&2; exit 3"});
  EXPECT_EQ(o.status, 4) << o.err;
  EXPECT_NE(o.err.find("exited with status 3"), std::string::npos) << o.err;
  EXPECT_NE(o.err.find("it broke"), std::string::npos) << o.err;
  const auto set = read_json(dir.file("r.json"))["sets"][0];
  EXPECT_EQ(set["status"], "ERROR");
  EXPECT_NE(set["error"].get<std::string>().find("it broke"), std::string::npos);
  TempDir ok;
  const auto ignored = run_command({"sh", "-c", "exit 3"}, ok, {"--ignore-status"});
  EXPECT_EQ(ignored["status"], "PASS");
}

TEST(Command, MissingCommandIsRefused) {
  for (const auto& args : std::vector<std::vector<std::string>>{
           {"run", "command", "--", "/nonexistent/prog"}, {"run", "command"},
           {"run", "command", "--duration", "1", "--", "true"},
           {"run", "command", "--cwd", "/nonexistent", "--", "true"}}) {
    const Outcome o = run_schedlab(args);
    EXPECT_EQ(o.status, 2) << o.err;
    EXPECT_EQ(o.out, "");
  }
}

TEST(Command, WarmupRunsAreDiscardedAndRecorded) {
  TempDir dir;
  const auto set = run_command({"true"}, dir, {"--warmup-runs", "2", "--discard-output",
                                               "--env", "A=1", "--cwd", "/tmp"});
  EXPECT_EQ(set["runs"].size(), 2u);
  EXPECT_EQ(set["warmup_runs"].size(), 2u);
  EXPECT_EQ(set["summary"]["elapsed_s"]["n"], 2);
  EXPECT_FALSE(fs::exists(dir.file("r.run1.stdout"))) << "--discard-output writes no files";
}

// The command's output files went to the current directory beside the
// result file (two per run); now to a scratch directory, removed after the
// run, unless --keep-output asks for them.
TEST(Command, ARunLeavesTheCurrentDirectoryAsItWas) {
  TempDir cwd, results;
  for (const std::vector<std::string>& where : {std::vector<std::string>{}, {"--json", "r.json"},
                                                {"--json", results.file("r.json")}}) {
    std::vector<std::string> args = {"run", "command", "--runs", "2", "--no-store"};
    args.insert(args.end(), where.begin(), where.end());
    for (const char* arg : {"--", "/bin/sh", "-c", "echo out; echo err >&2"}) args.emplace_back(arg);
    const Outcome o = run_schedlab(args, {"env", "-C", cwd.path()});
    ASSERT_EQ(o.status, 0) << o.err;
    for (const auto& entry : fs::directory_iterator(cwd.path()))
      EXPECT_EQ(entry.path().filename(), "r.json") << "left in the current directory: " << entry.path();
    fs::remove(cwd.file("r.json"));
  }
  for (const auto& entry : fs::directory_iterator(results.path()))
    EXPECT_EQ(entry.path().filename(), "r.json") << "left beside the result: " << entry.path();
  EXPECT_TRUE(leftover_children().empty());
}

TEST(Command, KeepOutputAndDiscardOutputAreOneOrTheOther) {
  const Outcome o = run_schedlab({"run", "command", "--keep-output", "--discard-output", "--", "true"});
  EXPECT_EQ(o.status, 2) << o.err;
  EXPECT_NE(o.err.find("--keep-output and --discard-output"), std::string::npos) << o.err;
}

}  // namespace schedlab::testing
