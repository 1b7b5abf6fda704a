// `schedlab lava job`, `--lava`, `lava collect` and `export --kcidb`, checked
// with LAVA's and KCIDB's own validators: every job the tests write passes
// lava_common.schemas.validate (Debian's lava-common, strict, as a LAVA
// server checks a submission), and every KCIDB document passes KCIDB's
// JSON schema (tests/fixtures/kcidb, kcidb-io v5.3) under python3-jsonschema.
// Without those packages the validating tests skip, saying which package.
#include <fmt/format.h>
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <regex>

#include "integration/grid_support.h"
#include "integration/harness.h"
#include "support/skip.h"

namespace schedlab::testing {
namespace {

namespace fs = std::filesystem;

const std::string kKcidbSchema = std::string(SCHEDLAB_SOURCE_DIR) + "/tests/fixtures/kcidb/kcidb-io.schema.v5.3.json";

std::vector<std::string> job_args(std::vector<std::string> extra) {
  std::vector<std::string> args = {"lava", "job", "--kernel", "good=http://lab/good/bzImage", "--kernel",
                                   "bad=http://lab/bad/bzImage", "--ramdisk", "http://lab/schedlab.cpio.gz",
                                   "--seed", "3", "--boots", "2"};
  args.insert(args.end(), extra.begin(), extra.end());
  return args;
}

TEST(LavaJob, BadInputIsOneLineNamingTheOptionAndExits2) {
  const std::vector<std::pair<std::vector<std::string>, std::string>> cases = {
      {{"lava", "job", "--kernel", "good", "--", "run", "spawn"}, "--kernel 'good'"},
      {job_args({"--boots", "0", "--", "run", "spawn"}), "--boots '0'"},
      {job_args({"--device-type", "bcm2711-rpi-4-b", "--", "run", "spawn"}), "--template FILE"},
      {job_args({"--", "run", "spawn", "--store", "postgresql://u:hunter2@db/r"}), "lava job: -- ..."},
      {job_args({"--", "run", "spawn", "--duration", "-1"}), "--duration"},
      {job_args({"--", "frobnicate"}), "found 'frobnicate'"},
      {job_args({}), "missing the command after '--'"},
      {job_args({"--", "run", "spawn", "--label", "x"}), "--label"},
      {{"lava", "job", "--kernel", "a=https://u:hunter2@lab/k", "--ramdisk", "http://lab/r", "--", "run", "spawn"},
       "without a password"},
      {{"lava", "job", "--kernel", "a=http://lab/k", "--", "run", "spawn"}, "--ramdisk URL"},
      {job_args({"--priority", "urgent", "--", "run", "spawn"}), "--priority 'urgent'"},
      {job_args({"--visibility", "group:", "--", "run", "spawn"}), "--visibility 'group:'"},
      {job_args({"--secret", "SCHEDLAB_STORE=postgresql://u:hunter2@db/r", "--", "run", "spawn"}), "never the secret itself"},
      {job_args({"--secret", "store", "--", "run", "spawn"}), "--secret 'store'"},
      {job_args({"--notify", "a@", "--", "run", "spawn"}), "--notify 'a@'"},
      {job_args({"--tag", "a b", "--", "run", "spawn"}), "--tag 'a b'"},
      {job_args({"--file", "/etc/hostname", "--", "run", "spawn"}), "none ends in 'hostname'"},
      {job_args({"--", "suite", "lkml", "--kernels", "a,b"}), "-- suite ... '--kernels'"},
      {job_args({"--", "check", "--threshold", "5"}), "--baseline FILE"},
      {{"lava", "collect", "no-such-job"}, "lava collect 'no-such-job'"},
      {{"export", "--kcidb", "1"}, "--origin NAME is required"},
      {{"export", "--kcidb", "--origin", "Lab-1", "1"}, "--origin 'Lab-1'"},
  };
  for (const auto& [args, expected] : cases) {
    const Outcome o = run_schedlab(args);
    EXPECT_EQ(o.status, 2) << args.back() << ": " << o.err;
    EXPECT_NE(o.err.find(expected), std::string::npos) << o.err;
    EXPECT_EQ(std::count(o.err.begin(), o.err.end(), '\n'), 1) << o.err;
    EXPECT_EQ(o.err.find("hunter2"), std::string::npos) << o.err;
  }
}

TEST(LavaJob, EveryTemplateAndCommandValidatesWithLavasSchema) {
  TempDir dir;
  const std::string lab = dir.write("bbb.yaml", "device_type: beaglebone-black\ndeploy:\n  to: tftp\n  os: oe\n"
                                                "  kernel: {url: $kernel_url, type: zimage}\n"
                                                "  dtb: {url: 'http://lab/am335x-boneblack.dtb'}\n"
                                                "  ramdisk: {url: $ramdisk_url, compression: gz}\n"
                                                "boot:\n  method: u-boot\n  commands: ramdisk\n"
                                                "  prompts: ['schedlab-lava:/# ']\n");
  const std::vector<std::vector<std::string>> jobs = {
      job_args({"--", "run", "spawn", "--duration", "2s", "--runs", "1"}),
      job_args({"--", "run", "spawn", "--vary", "autogroup=off,on", "--copies", "auto"}),
      job_args({"--device-type", "x86", "--priority", "42", "--", "run", "context", "--placement", "cross-cpu"}),
      job_args({"--arch", "arm64", "--", "run", "spawn", "--copies", "auto"}),
      job_args({"--visibility", "group:perf,sched", "--tag", "big", "--notify", "me@example.org", "--notify", "alice",
                "--secret", "SCHEDLAB_STORE", "--secret", "API=lab-token", "--", "run", "spawn"}),
      job_args({"--template", lab, "--job-name", "bbb: 'yes' # no", "--", "run", "exec", "--iterations", "500"}),
      job_args({"--test-timeout", "90m", "--", "suite", "lkml", "--scale", "quick"}),
      job_args({"--schedlab", "/usr/local/bin/schedlab", "--", "check", "--baseline", "/root/good.json"}),
      job_args({"--", "run", "command", "--runs", "2", "--", "sh", "-c", "echo \"it's $HOME\"; exit 0"}),
  };
  std::vector<std::string> files;
  for (std::size_t i = 0; i < jobs.size(); ++i) {
    files.push_back(dir.file("job" + std::to_string(i) + ".yaml"));
    auto args = jobs[i];
    args.insert(args.begin() + 2, {"-o", files.back()});
    const Outcome o = run_schedlab(args);
    ASSERT_EQ(o.status, 0) << o.err;
    EXPECT_NE(o.err.find("lavacli jobs submit"), std::string::npos) << o.err;
  }
  std::vector<std::string> argv = {"/usr/bin/python3", grid_script("validate_lava_job.py")};
  argv.insert(argv.end(), files.begin(), files.end());
  std::string out;
  const int status = run_program(argv, &out);
  SKIP_WITHOUT_VALIDATOR(status, out, "lava-common");
  EXPECT_EQ(status, 0) << out;
  // The validator can fail: a job without its timeouts is not a LAVA job.
  std::string job = dir.read("job0.yaml");
  job = std::regex_replace(job, std::regex("timeouts:"), "timeout:");
  EXPECT_NE(run_program({"/usr/bin/python3", grid_script("validate_lava_job.py"), dir.write("broken.yaml", job)}), 0);
}

TEST(LavaJob, StdoutWithoutOutputAndTheSameSeedGivesTheSameJob) {
  const Outcome a = run_schedlab(job_args({"--", "run", "spawn"})), b = run_schedlab(job_args({"--", "run", "spawn"}));
  ASSERT_EQ(a.status, 0) << a.err;
  EXPECT_EQ(a.out, b.out);
  EXPECT_NE(a.out.find("schedlab-boot2-block2-good"), std::string::npos) << a.out;
  EXPECT_EQ(a.out.find("SCHEDLAB_STORE="), std::string::npos);
}

TEST(LavaJob, TheCommandIsEverythingAfterDashDashWhicheverOptionCameLast) {
  const Outcome o = run_schedlab({"lava", "job", "--ramdisk", "http://lab/r", "--boots", "1", "--kernel",
                                  "a=http://lab/k", "--", "run", "spawn", "--duration", "1", "--runs", "2"});
  ASSERT_EQ(o.status, 0) << o.err;
  EXPECT_NE(o.out.find("schedlab run spawn --duration 1 --runs 2 --lava --label a"), std::string::npos) << o.out;
}

// What the test shells of a two-kernel, two-block job print (the runs of
// `--lava`, each with LAVA's TESTRUN_ID), and the results records LAVA
// logs for their cases.
struct GuestOutput {
  std::string console;
  std::vector<std::string> boots;  // each boot's part of the console
  std::vector<std::string> results;
};

GuestOutput run_test_shells(const TempDir& dir) {
  const std::string bin = lava_test_shell_bin(dir.file("lava-bin"));
  const std::string path = bin + ":" + std::getenv("PATH");
  GuestOutput g;
  const std::vector<std::pair<std::string, int>> boots = {{"good", 1}, {"bad", 1}, {"bad", 2}, {"good", 2}};
  for (std::size_t i = 0; i < boots.size(); ++i) {
    const auto& [kernel, boot] = boots[i];
    const std::string testrun = fmt::format("{}_schedlab-boot{}-block{}-{}", i, boot, boot, kernel);
    const Outcome o = run_schedlab({"run", "spawn", "--duration", "200ms", "--runs", "2", "--lava", "--label", kernel},
                                   {"env", "PATH=" + path, "TESTRUN_ID=" + testrun, "LAVA_RESULT_DIR=" + dir.path(),
                                    "SCHEDLAB_STORE=", "XDG_DATA_HOME=" + dir.file("guest-data")});
    EXPECT_EQ(o.status, 0) << o.err;
    EXPECT_TRUE(std::regex_search(o.out, std::regex("<LAVA_SIGNAL_TESTCASE TEST_CASE_ID=" + kernel +
                                                    ".spawn RESULT=pass UNITS=loops/s MEASUREMENT=[0-9.e+]+>")))
        << o.out;
    EXPECT_NE(o.out.find("SCHEDLAB-LAVA-RESULT-BEGIN"), std::string::npos) << o.out;
    g.console += o.out;
    g.boots.push_back(o.out);
    g.results.push_back(nlohmann::json({{"dt", "x"}, {"lvl", "results"},
                                        {"msg", {{"definition", testrun}, {"case", kernel + ".spawn"},
                                                 {"result", "pass"}}}}).dump());
  }
  return g;
}

// A test shell's --lava run, its log, and lava collect (the dispatcher run
// itself is not run here: docs/fleet.md): the cases reach LAVA's lava-test-case, the
// result file comes back through the log, and the store gets one set per
// kernel that compare reads.
TEST(LavaCollect, ResultsComeBackThroughTheLogIntoTheStore) {
  TempDir dir;
  const GuestOutput g = run_test_shells(dir);
  EXPECT_FALSE(fs::exists(dir.file("guest-data/schedlab/results.db"))) << "--lava without SCHEDLAB_STORE stores nothing";
  dir.write("job/output.yaml", lava_log_of(g.console, g.results));
  const std::string db = dir.file("grid.db");
  const Outcome collected = run_schedlab({"lava", "collect", dir.file("job"), "--store", db, "--json", dir.file("c.json")});
  ASSERT_EQ(collected.status, 0) << collected.err;
  EXPECT_NE(collected.out.find("good: 2 boots, 4 runs, PASS"), std::string::npos) << collected.out;
  EXPECT_NE(collected.out.find("bad: 2 boots, 4 runs, PASS"), std::string::npos) << collected.out;
  const auto file = read_json(dir.file("c.json"));
  ASSERT_EQ(file["sets"].size(), 2u);
  const auto& good = file["sets"][0];
  EXPECT_EQ(good["lava"]["boots"].size(), 2u);
  EXPECT_EQ(good["lava"]["boots"][0]["cases"][0]["case"], "good.spawn");
  for (const auto& run : good["runs"]) EXPECT_GT(run["boot"].get<int>(), 0);
  const Outcome compared = run_schedlab({"compare", "@label=good", "@label=bad", "--paired", "--store", db});
  EXPECT_EQ(compared.status, 0) << compared.err;
  EXPECT_NE(compared.out.find("lps"), std::string::npos) << compared.out;
  // Collecting again adds nothing: the same sets, the same content.
  const Outcome again = run_schedlab({"lava", "collect", dir.file("job"), "--store", db});
  EXPECT_EQ(again.status, 0) << again.err;
  EXPECT_NE(again.out.find("already there"), std::string::npos) << again.out;
  // A block cut by a kernel message is named, the rest still stored, exit 4.
  std::string cut = g.console;
  cut.insert(cut.find('\n', cut.find("SCHEDLAB-LAVA-RESULT-BEGIN")) + 1, "[   12.3] random: crng init done\n");
  const Outcome damaged = run_schedlab({"lava", "collect", dir.write("cut.yaml", lava_log_of(cut)), "--no-store"});
  EXPECT_EQ(damaged.status, 4) << damaged.err;
  EXPECT_NE(damaged.err.find("did not decode"), std::string::npos) << damaged.err;
}

// The records LAVA's deploy writes for each test definition of that job
// (a log that shows them says what the job planned).
std::vector<std::string> planned_records() {
  std::vector<std::string> records;
  for (const char* name : {"schedlab-boot1-block1-good", "schedlab-boot1-block1-bad", "schedlab-boot2-block2-bad",
                           "schedlab-boot2-block2-good"})
    records.push_back(nlohmann::json({{"dt", "x"}, {"lvl", "results"},
                                      {"msg", {{"definition", "lava"}, {"case", "test-overlay"}, {"result", "pass"},
                                               {"extra", {{"name", name}}}}}}).dump());
  return records;
}

// Issue 30, defects 2 and 13: a duplicated block was counted twice, one
// malformed record lost the whole collection, and a log cut between two
// boots exited 0.  Now each refused record is named and the rest stored
// (exit 6), and a cut log says what is missing and keeps what came (exit 4).
TEST(LavaCollect, RefusedRecordsAndACutLogAreNamedAndWhatCameBackIsStored) {
  TempDir dir;
  const GuestOutput g = run_test_shells(dir);
  std::vector<std::string> extra = planned_records();
  extra.insert(extra.end(), g.results.begin(), g.results.end());
  extra.push_back(R"({"dt": "x", "lvl": "results", "msg": {"definition": ["not", "text"], "case": "c", "result": "pass"}})");
  extra.push_back(R"({"dt": "x", "lvl": "results", "msg": {"definition": "lava", "case": "job", "result": "pass"}})");
  const std::string twice = dir.write("twice.yaml", lava_log_of(g.console + g.boots[0], extra));
  const Outcome refused = run_schedlab({"lava", "collect", twice, "--no-store", "--json", dir.file("twice.json")});
  EXPECT_EQ(refused.status, 6) << refused.err;
  EXPECT_NE(refused.err.find("not a LAVA log record"), std::string::npos) << refused.err;
  EXPECT_NE(refused.err.find("of 0_schedlab-boot1-block1-good: a copy of the result block 'spawn.json' of "
                             "0_schedlab-boot1-block1-good: refused"), std::string::npos) << refused.err;
  EXPECT_EQ(std::count(refused.err.begin(), refused.err.end(), '\n'), 2) << refused.err;
  EXPECT_NE(refused.out.find("good: 2 boots, 4 runs, PASS"), std::string::npos) << refused.out;
  EXPECT_EQ(read_json(dir.file("twice.json"))["sets"][0]["runs"].size(), 4u);

  const std::string cut = dir.write("cut.yaml", lava_log_of(g.boots[0] + g.boots[1] + g.boots[2], planned_records()));
  const Outcome cut_off = run_schedlab({"lava", "collect", cut, "--no-store"});
  EXPECT_EQ(cut_off.status, 4) << cut_off.err;
  EXPECT_NE(cut_off.err.find("the log has no result of good boot 2 (block 2): the log ends before the job did"),
            std::string::npos) << cut_off.err;
  EXPECT_NE(cut_off.out.find("bad: 2 boots, 4 runs, PASS"), std::string::npos) << cut_off.out;
  EXPECT_NE(cut_off.out.find("good: 1 boot, 2 runs, ERROR: the log has no result of boot 2 (block 2)"),
            std::string::npos) << cut_off.out;
}

TEST(LavaCollect, LavaWithoutATestShellIsRefusedBeforeMeasuring) {
  const Outcome o = run_schedlab({"run", "spawn", "--duration", "100ms", "--runs", "1", "--lava", "--no-store"},
                                 {"env", "PATH=/usr/bin:/bin"});
  EXPECT_EQ(o.status, 2) << o.err;
  EXPECT_NE(o.err.find("no lava-test-case on PATH"), std::string::npos) << o.err;
  EXPECT_EQ(o.out.find("run 1/1"), std::string::npos) << o.out;
}

TEST(Kcidb, ExportValidatesWithKcidbsSchema) {
  TempDir dir;
  const std::string db = dir.file("r.db");
  for (const char* label : {"base", "next"})
    ASSERT_EQ(run_schedlab({"run", "spawn", "--duration", "200ms", "--runs", "3", "--label", label, "--store", db}).status, 0);
  const Outcome o = run_schedlab({"export", "--kcidb", "--origin", "schedlab_test", "@label=base", "@label=next",
                                  "--json", dir.file("kcidb.json"), "--store", db});
  ASSERT_EQ(o.status, 0) << o.err;
  const auto doc = read_json(dir.file("kcidb.json"));
  // One test per set, and one per other metric of each (issue 33), each with its unit.
  std::size_t sets = 0;
  for (const auto& t : doc["tests"]) {
    if (t["misc"].contains("runs")) ++sets;
    else EXPECT_TRUE(t["misc"].contains("metric")) << t.dump();
  }
  EXPECT_EQ(sets, 2u);
  EXPECT_GT(doc["tests"].size(), 2u);
  EXPECT_EQ(doc["checkouts"].size(), 1u);
  std::string out;
  const int status = run_program({"/usr/bin/python3", grid_script("validate_kcidb.py"), kKcidbSchema,
                                  dir.file("kcidb.json")}, &out);
  SKIP_WITHOUT_VALIDATOR(status, out, "python3-jsonschema");
  EXPECT_EQ(status, 0) << out;
  // The validator can fail: KCIDB requires every test's origin.
  auto broken = doc;
  broken["tests"][0].erase("origin");
  std::ofstream(dir.file("broken.json")) << broken.dump();
  EXPECT_EQ(run_program({"/usr/bin/python3", grid_script("validate_kcidb.py"), kKcidbSchema, dir.file("broken.json")}), 1);
}

}  // namespace
}  // namespace schedlab::testing
