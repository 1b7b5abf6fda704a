// Safe on a shared machine: what a hostile or careless user, file or
// signal could make schedlab do as root.  Each case failed before.
#include <fcntl.h>
#include <gtest/gtest.h>
#include <signal.h>
#include <sys/stat.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <thread>

#include "integration/autogroup.h"
#include "integration/harness.h"
#include "support/skip.h"
#include "sys/proc_files.h"

namespace schedlab::testing {
namespace {

using namespace std::chrono_literals;
namespace fs = std::filesystem;

// A result file to hand-edit: spawn, 2 short runs.
nlohmann::json baseline(TempDir& dir) {
  EXPECT_EQ(run_schedlab({"run", "spawn", "--duration", "100ms", "--runs", "2", "--json", dir.file("good.json"),
                          "--no-store"}).status, 0);
  return read_json(dir.file("good.json"));
}

void write_json(const std::string& path, const nlohmann::json& j) { std::ofstream(path) << j.dump(); }

}  // namespace

TEST(Security, OutputMustBeARegularFile) {
  TempDir dir;
  for (const std::string& target : {std::string("/dev/null"), dir.file("fifo")}) {
    if (target != "/dev/null") {
      ASSERT_EQ(mkfifo(target.c_str(), 0600), 0);
    }
    const Outcome o = run_schedlab({"run", "spawn", "--duration", "100ms", "--runs", "1", "--json", target});
    EXPECT_EQ(o.status, 2) << o.err;
    EXPECT_NE(o.err.find("a regular file or a new name"), std::string::npos) << o.err;
  }
  struct stat st {};
  ASSERT_EQ(stat("/dev/null", &st), 0);
  EXPECT_TRUE(S_ISCHR(st.st_mode)) << "/dev/null is still a device";
  const Outcome empty = run_schedlab({"run", "spawn", "--json", ""});
  EXPECT_EQ(empty.status, 2);
  EXPECT_NE(empty.err.find("--json '': expected a file name"), std::string::npos) << empty.err;
}

// A symlink planted where the result or a command's output will go: the
// file it points to is never written.
TEST(Security, PlantedSymlinksAreReplacedNotFollowed) {
  TempDir dir;
  const std::string victim = dir.write("victim", "precious\n");
  fs::create_symlink(victim, dir.file("r.json"));
  fs::create_symlink(victim, dir.file("r.run1.stdout"));
  const std::vector<std::string> args = {"run", "command", "--runs", "1", "--json", dir.file("r.json"), "--no-store",
                                         "--keep-output"};
  const std::vector<std::string> command = {"--", "/bin/echo", "hello"};
  std::vector<std::string> plain = args;
  plain.insert(plain.end(), command.begin(), command.end());
  EXPECT_EQ(run_schedlab(plain).status, 2) << "an existing result path needs --force";
  std::vector<std::string> forced = args;
  forced.push_back("--force");
  forced.insert(forced.end(), command.begin(), command.end());
  const Outcome o = run_schedlab(forced);
  ASSERT_EQ(o.status, 0) << o.err;
  EXPECT_EQ(dir.read("victim"), "precious\n");
  EXPECT_FALSE(fs::is_symlink(dir.file("r.json")));
  EXPECT_FALSE(fs::is_symlink(dir.file("r.run1.stdout")));
  EXPECT_EQ(dir.read("r.run1.stdout"), "hello\n");
  for (const auto& entry : fs::directory_iterator(dir.path()))
    EXPECT_EQ(entry.path().string().find(".tmp"), std::string::npos) << "no temporary file left: " << entry.path();
}

// The result file's directory swapped for a symlink (to a root-only
// directory) while the run measures: the result still goes to the directory
// checked at the start (issue 30, defect 5: it followed the link).
TEST(Security, ASwappedParentDirectoryDoesNotRedirectTheResult) {
  TempDir dir;
  fs::create_directory(dir.file("out"));
  fs::create_directory(dir.file("victim"));
  fs::permissions(dir.file("victim"), fs::perms::owner_all);
  Schedlab s({"run", "spawn", "--duration", "1500ms", "--runs", "1", "--json", dir.file("out") + "/r.json",
              "--no-store"});
  for (int i = 0; i < 3000 && running_workers().empty(); ++i) std::this_thread::sleep_for(10ms);
  ASSERT_FALSE(running_workers().empty()) << "the run never started measuring";
  fs::rename(dir.file("out"), dir.file("checked"));
  fs::create_directory_symlink(dir.file("victim"), dir.file("out"));
  const Outcome o = s.wait();
  EXPECT_EQ(o.status, 0) << o.err;
  EXPECT_TRUE(fs::is_empty(dir.file("victim"))) << "the result was written through the swapped-in symlink";
  EXPECT_EQ(runs_in(dir.file("checked") + "/r.json"), 1);
}

// Inputs that are not regular files are refused at once, never read.
TEST(Security, InputsMustBeRegularFiles) {
  TempDir dir;
  ASSERT_EQ(mkfifo(dir.file("fifo").c_str(), 0600), 0);
  for (const std::string& input : {std::string("/dev/zero"), dir.file("fifo")}) {
    Schedlab compare({"compare", input});
    const Outcome c = compare.wait(30s);
    EXPECT_EQ(c.status, 2) << c.err;
    EXPECT_NE(c.err.find("not a regular file"), std::string::npos) << c.err;
    Schedlab check({"check", "--baseline", input});
    EXPECT_EQ(check.wait(30s).status, 255);
  }
}

// A baseline is code: what the command line refuses, a file may not do,
// and a command, sysctls or sched features need --trust-baseline.
TEST(Security, ABaselineIsCheckedAndTrustedExplicitly) {
  TempDir dir;
  auto j = baseline(dir);
  auto refused = [&](const std::function<void(nlohmann::json&)>& edit, const std::string& fragment) {
    auto crafted = j;
    edit(crafted["sets"][0]);
    write_json(dir.file("crafted.json"), crafted);
    const Outcome o = run_schedlab({"check", "--baseline", dir.file("crafted.json"), "--no-store"});
    EXPECT_EQ(o.status, 255) << o.err;
    EXPECT_NE(o.err.find(fragment), std::string::npos) << o.err;
  };
  refused([](auto& s) { s["scenario"]["requested"]["sysctl"] = {{"kernel.core_pattern", "|/bin/sh -c id"}}; },
          "sets sysctl kernel.core_pattern");
  refused([](auto& s) { s["scenario"]["requested"]["cgroup_parent"] = "/../../tmp"; }, "--cgroup-parent");
  refused([](auto& s) { s["workload"]["params"] = nlohmann::json::object(); s["workload"]["params"]["method"] = 1e308; },
          "--method");
  refused([](auto& s) { s["workload"]["params"] = "nonsense"; }, "workload.params");
  refused([](auto& s) {
    s["workload"]["name"] = "command";
    s["workload"]["params"] = {{"cwd", "."}, {"env", nlohmann::json::array()}, {"ignore-status", false},
                               {"discard-output", true}, {"command", {"/bin/sh", "-c", "id > /tmp/owned"}}};
    s["scenario"]["requested"]["duration_s"] = nullptr;
  }, "runs the command '/bin/sh -c id > /tmp/owned'");
  EXPECT_FALSE(fs::exists("/tmp/owned"));
}

// Two runs changing the same global control: the second waits for the
// first, and the machine ends as it began.
TEST(Security, ConcurrentRunsDoNotRestoreEachOthersValues) {
  if (geteuid() != 0) SCHEDLAB_SKIP(kRoot) << "needs root";
  if (!autogroup_writable()) SCHEDLAB_SKIP(kAutogroup) << "needs kernel.sched_autogroup_enabled";
  const std::string original = autogroup_setting();
  Schedlab a({"run", "spawn", "--autogroup", "off", "--duration", "1500ms", "--runs", "1", "--no-store"});
  std::this_thread::sleep_for(400ms);
  const Outcome refused = run_schedlab({"run", "spawn", "--autogroup", "on", "--duration", "100ms", "--runs",
                                        "1", "--no-wait", "--no-store"});
  EXPECT_EQ(refused.status, 3) << refused.err;
  EXPECT_NE(refused.err.find("is changing global controls"), std::string::npos) << refused.err;
  Schedlab b({"run", "spawn", "--autogroup", "on", "--duration", "100ms", "--runs", "1", "--no-store"});
  const Outcome waited = b.wait();
  EXPECT_EQ(waited.status, 0) << waited.err;
  EXPECT_NE(waited.err.find("waiting for schedlab run"), std::string::npos) << waited.err;
  EXPECT_EQ(a.wait().status, 0);
  EXPECT_EQ(autogroup_setting(), original);
  EXPECT_FALSE(fs::exists("/run/schedlab/global.lock"));
}

// "0 1": the kernel takes "0", then the write fails; the value is restored.
TEST(Security, APartlyWrittenSysctlIsRestored) {
  if (geteuid() != 0) SCHEDLAB_SKIP(kRoot) << "needs root";
  if (!autogroup_writable()) SCHEDLAB_SKIP(kAutogroup) << "needs kernel.sched_autogroup_enabled";
  const std::string original = autogroup_setting();
  const std::string other = original == "1" ? "0" : "1";
  const Outcome o = run_schedlab({"run", "spawn", "--sysctl", "kernel.sched_autogroup_enabled=" + other + " 1",
                                  "--duration", "100ms", "--runs", "1", "--no-store"});
  EXPECT_EQ(o.status, 3) << o.err;
  EXPECT_EQ(autogroup_setting(), original);
}

// Every signal whose default ends a process unwinds like SIGTERM: the
// system is restored and the set is ERROR, not PASS.
TEST(Security, EveryTerminatingSignalRestores) {
  for (int sig : {SIGUSR1, SIGUSR2, SIGALRM, SIGVTALRM, SIGXCPU, SIGXFSZ}) {
    TempDir dir;
    Schedlab s({"run", "spawn", "--duration", "2s", "--runs", "3", "--cgroup-depth", "2",
                "--allow-unapplied", "--json", dir.file("r.json"), "--no-store"});
    std::this_thread::sleep_for(700ms);
    s.signal(sig);
    const Outcome o = s.wait();
    EXPECT_EQ(o.status, 128 + sig) << sigabbrev_np(sig) << ": " << o.err;
    if (fs::exists(dir.file("r.json"))) {
      EXPECT_EQ(read_json(dir.file("r.json"))["sets"][0]["status"], "ERROR");
    }
    EXPECT_TRUE(running_workers().empty());
    EXPECT_TRUE(leftover_children().empty());
    EXPECT_FALSE(journals_left()) << sigabbrev_np(sig);
  }
}

// `schedlab run ... | head -1`: the pipe closes after the first line; the
// run goes on and its result is saved.
TEST(Security, AClosedStdoutDoesNotEndTheRun) {
  TempDir dir;
  const std::string command = std::string(SCHEDLAB_BIN) + " run spawn --duration 200ms --runs 3 --no-store --json " +
                              dir.file("r.json") + " | head -1 > /dev/null; echo ${PIPESTATUS[0]} > " +
                              dir.file("status");
  ASSERT_EQ(system(("bash -c '" + command + "'").c_str()), 0);
  EXPECT_EQ(dir.read("status"), "0\n");
  EXPECT_EQ(read_json(dir.file("r.json"))["sets"][0]["runs"].size(), 3u);
}

TEST(Security, NonUtf8TextIsRefusedBeforeRunning) {
  TempDir dir;
  const Outcome o = run_schedlab({"run", "spawn", "--label", "bad\xff\xfe", "--json", dir.file("r.json")});
  EXPECT_EQ(o.status, 2) << o.err;
  EXPECT_NE(o.err.find("--label 'bad\\xff\\xfe': expected UTF-8 text"), std::string::npos) << o.err;
  const Outcome args = run_schedlab({"run", "command", "--runs", "1", "--", "/bin/echo", "\xc3\x28"});
  EXPECT_EQ(args.status, 2) << args.err;
  EXPECT_FALSE(fs::exists(dir.file("r.json")));
}

TEST(Security, CompareOfAbsurdValuesIsOneClearLine) {
  TempDir dir;
  auto j = baseline(dir);
  auto runs = j["sets"][0]["runs"];
  runs[0]["values"]["lps"] = 1e308;
  runs[1]["values"]["lps"] = 1e308;
  j["sets"][0]["runs"] = runs;
  write_json(dir.file("big.json"), j);
  const Outcome o = run_schedlab({"compare", dir.file("good.json"), dir.file("big.json")});
  EXPECT_EQ(o.status, 2) << o.out << o.err;
  EXPECT_NE(o.err.find("runs[0].values.lps: 1e+308 is not a number from -1e+15 to 1e+15"), std::string::npos)
      << o.err;  // refused as the file is read (issue 30), before the statistics
}

TEST(Security, ClearerMessages) {
  const Outcome bogus = run_schedlab({"bogus"});
  EXPECT_EQ(bogus.status, 2);
  EXPECT_NE(bogus.err.find("unknown command 'bogus'; commands: run, list"), std::string::npos) << bogus.err;
  const Outcome copies = run_schedlab({"run", "spawn", "--copies", "100000x"});
  EXPECT_NE(copies.err.find("K from 1 to 1024"), std::string::npos) << copies.err;
  const Outcome threshold = run_schedlab({"check", "--baseline", "x.json", "--threshold", "1e3"});
  EXPECT_NE(threshold.err.find("above 0 and below 1000"), std::string::npos) << threshold.err;
  if (geteuid() == 0) {
    const Outcome parent = run_schedlab({"run", "spawn", "--cgroup-depth", "2", "--cgroup-parent",
                                         "/schedlab-no-such-parent", "--duration", "100ms", "--runs", "1"});
    EXPECT_EQ(parent.status, 3) << parent.err;
    EXPECT_EQ(parent.err.find("run as root"), std::string::npos) << parent.err;
  }
}

}  // namespace schedlab::testing
