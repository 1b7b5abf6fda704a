// Scenario controls through the real binary, as root on a real kernel: each
// control in force while the copies run (read from /proc by this test),
// everything restored afterwards — after success, SIGINT, and SIGKILL plus
// `schedlab restore`.  Tests that need root skip themselves without it.
#include <gtest/gtest.h>
#include <signal.h>
#include <unistd.h>

#include <filesystem>
#include <thread>

#include "integration/harness.h"
#include "support/skip.h"
#include "sys/affinity.h"
#include "sys/cgroup_layout.h"
#include "sys/proc_files.h"

namespace schedlab::testing {
namespace {

using namespace std::chrono_literals;
namespace fs = std::filesystem;

const std::string kAutogroup = "/proc/sys/kernel/sched_autogroup_enabled";

std::string autogroup_now() { return sys::read_line(kAutogroup).value_or("missing"); }

// The scenario of the autogroup report, opposite to the machine's setting.
struct Flip {
  std::string original = autogroup_now();
  std::string requested = original == "1" ? "off" : "on";
  std::string during = original == "1" ? "0" : "1";
};

// The workers of a run with its scenario in force: at least n in a cgroup
// at `depth`.  A run's workers appear before the runner places them, and
// each run's leave before the next run's start, so one look can meet a
// worker not yet placed or one gone a moment later (a probe that opens
// counters per copy widens that window); wait for the placed state rather
// than race it.  Fewer than n by the deadline: the scenario was never in
// force, which the caller's checks then report.
std::vector<pid_t> placed_workers(size_t n, int depth, std::chrono::seconds limit = 30s) {
  const auto deadline = std::chrono::steady_clock::now() + limit;
  for (;;) {
    std::vector<pid_t> placed;
    for (pid_t pid : running_workers()) {
      try {
        if (sys::cgroup_depth(sys::read_cgroup_layout(pid).v2_path.value_or("")) == depth) placed.push_back(pid);
      } catch (const std::exception&) {
        // gone since it was listed
      }
    }
    if (placed.size() >= n || std::chrono::steady_clock::now() > deadline) return placed;
    std::this_thread::sleep_for(20ms);
  }
}

class Scenario : public ::testing::Test {
 protected:
  void SetUp() override {
    if (geteuid() != 0) SCHEDLAB_SKIP(kRoot) << "needs root";
    if (access(kAutogroup.c_str(), F_OK) != 0)
      SCHEDLAB_SKIP(kAutogroup) << "kernel without CONFIG_SCHED_AUTOGROUP";
  }
  void expect_restored(const Flip& flip) {
    EXPECT_EQ(autogroup_now(), flip.original);
    EXPECT_TRUE(cgroups_left().empty());
    EXPECT_FALSE(journals_left());
    EXPECT_TRUE(running_workers().empty());
    EXPECT_TRUE(leftover_children().empty());
  }
  // Starts the reported scenario and checks it is in force while copies run.
  std::unique_ptr<Schedlab> start_in_force(const Flip& flip, const std::string& json, const char* duration) {
    auto s = std::make_unique<Schedlab>(std::vector<std::string>{
        "run", "spawn", "--copies", "2", "--autogroup", flip.requested, "--cgroup-depth", "3",
        "--cpus", "0", "--duration", duration, "--runs", "3", "--json", json});
    const auto workers = placed_workers(2, 3);
    EXPECT_GE(workers.size(), 2u) << "no two workers in the scenario's cgroups (depth 3) within 30 s";
    EXPECT_EQ(autogroup_now(), flip.during);
    // A spawn copy's children are forks of the worker (the same command
    // line) living a few microseconds: one may be gone by the time it is
    // read, so what is read is checked only of a pid still alive after.
    for (pid_t pid : workers) {
      sys::CgroupLayout layout;
      std::vector<int> cpus;
      try {
        layout = sys::read_cgroup_layout(pid);
        cpus = sys::affinity_of(pid);
      } catch (const std::exception& e) {
        if (kill(pid, 0) == 0) ADD_FAILURE() << pid << ": " << e.what();
        continue;
      }
      if (kill(pid, 0) != 0) continue;
      const std::string v2 = layout.v2_path.value_or("");
      EXPECT_EQ(sys::cgroup_depth(v2), 3) << v2;
      EXPECT_NE(v2.find("/schedlab-"), std::string::npos);
      if (layout.v1_mounts.count("cpu")) {
        EXPECT_EQ(sys::cgroup_depth(layout.v1_paths.at("cpu")), 3);
      }
      EXPECT_EQ(cpus, std::vector<int>{0});
    }
    EXPECT_TRUE(journals_left()) << "the original values are journaled while in force";
    return s;
  }
};

TEST_F(Scenario, InForceWhileRunningRecordedAndRestoredAfter) {
  const Flip flip;
  TempDir dir;
  auto s = start_in_force(flip, dir.file("r.json"), "700ms");
  const Outcome o = s->wait();
  EXPECT_EQ(o.status, 0) << o.err;
  expect_restored(flip);
  const auto set = read_json(dir.file("r.json"))["sets"][0];
  std::vector<std::string> applied;
  for (const auto& a : set["scenario"]["applied"]) applied.push_back(a["control"]);
  for (const char* c : {"copies", "cpus", "autogroup", "cgroup-depth"})
    EXPECT_NE(std::find(applied.begin(), applied.end(), c), applied.end()) << c;
  for (const auto& copy : set["runs"][0]["copies"]) {
    EXPECT_EQ(copy["cgroup_depth"], 3);
    EXPECT_EQ(copy["cpus"], "0");
    EXPECT_EQ(copy["root_task_group"], false) << "a depth-3 cpu cgroup is not the root task group";
  }
}

TEST_F(Scenario, SigintMidRunRestoresEverything) {
  const Flip flip;
  TempDir dir;
  auto s = start_in_force(flip, dir.file("r.json"), "30s");
  s->signal(SIGINT);
  EXPECT_EQ(s->wait().status, 130);
  expect_restored(flip);
}

TEST_F(Scenario, SigkillThenRestoreUndoesTheJournal) {
  const Flip flip;
  TempDir dir;
  auto s = start_in_force(flip, dir.file("r.json"), "30s");
  s->signal(SIGKILL);
  EXPECT_EQ(s->wait().status, 128 + SIGKILL);
  EXPECT_EQ(autogroup_now(), flip.during) << "nothing could restore it yet";
  EXPECT_FALSE(cgroups_left().empty());
  const Outcome r = run_schedlab({"restore"});
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_NE(r.err.find("undone: kernel.sched_autogroup_enabled"), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("undone: cgroup"), std::string::npos) << r.err;
  const auto deadline = std::chrono::steady_clock::now() + 10s;  // parent-death signals are async
  while (!running_workers().empty() && std::chrono::steady_clock::now() < deadline)
    std::this_thread::sleep_for(20ms);
  expect_restored(flip);
  EXPECT_NE(run_schedlab({"restore"}).out.find("nothing to restore"), std::string::npos);
}

TEST_F(Scenario, NextInvocationRestoresAKilledRun) {
  const Flip flip;
  TempDir dir;
  auto s = start_in_force(flip, dir.file("r.json"), "30s");
  s->signal(SIGKILL);
  s->wait();
  // A read-only command changes nothing; it says a restore is needed.
  const Outcome listed = run_schedlab({"list"});
  EXPECT_EQ(listed.status, 0);
  EXPECT_NE(listed.err.find("'schedlab restore' undoes them"), std::string::npos) << listed.err;
  EXPECT_TRUE(journals_left()) << "list must not replay journals";
  // The next command that changes the system restores first.
  const Outcome o = run_schedlab({"run", "spawn", "--duration", "100ms", "--runs", "1", "--no-store"});
  EXPECT_EQ(o.status, 0) << o.err;
  EXPECT_NE(o.err.find("left changes behind"), std::string::npos) << o.err;
  std::this_thread::sleep_for(100ms);
  expect_restored(flip);
}

TEST_F(Scenario, ControlThatCannotBeAppliedFailsBeforeRunning) {
  for (const std::vector<std::string>& control :
       {std::vector<std::string>{"--sysctl", "kernel.schedlab_no_such_key=1"},
        std::vector<std::string>{"--sched-feature", "NO_SCHEDLAB_NO_SUCH_FEATURE"}}) {
    const auto mounts_before = sys::read_text("/proc/self/mountinfo");
    std::vector<std::string> args = {"run", "spawn", "--duration", "200ms", "--runs", "1"};
    args.insert(args.end(), control.begin(), control.end());
    const Outcome refused = run_schedlab(args);
    EXPECT_EQ(refused.status, 3) << refused.err;
    EXPECT_NE(refused.err.find(control[0] + " " + control[1] + ": not applied: "), std::string::npos)
        << refused.err;
    EXPECT_EQ(std::count(refused.err.begin(), refused.err.end(), '\n'), 1) << refused.err;
    TempDir dir;
    args.insert(args.end(), {"--allow-unapplied", "--json", dir.file("r.json")});
    const Outcome allowed = run_schedlab(args);
    EXPECT_EQ(allowed.status, 0) << allowed.err;
    const auto set = read_json(dir.file("r.json"))["sets"][0];
    ASSERT_EQ(set["scenario"]["not_applied"].size(), 1u);
    EXPECT_EQ(set["scenario"]["not_applied"][0]["control"], control[0].substr(2));
    EXPECT_FALSE(set["scenario"]["not_applied"][0]["reason"].get<std::string>().empty());
    EXPECT_EQ(set["runs"].size(), 1u);
    EXPECT_EQ(sys::read_text("/proc/self/mountinfo"), mounts_before) << "debugfs left as found";
    EXPECT_FALSE(journals_left());
  }
}

TEST_F(Scenario, SessionPolicyNiceAndPinningAreReadBack) {
  TempDir dir;
  const Outcome o = run_schedlab({"run", "spawn", "--copies", "2", "--setsid", "--policy", "batch",
                                  "--nice", "3", "--pin-copies", "--duration", "200ms", "--runs", "1",
                                  "--json", dir.file("r.json")});
  ASSERT_EQ(o.status, 0) << o.err;
  const auto copies = read_json(dir.file("r.json"))["sets"][0]["runs"][0]["copies"];
  ASSERT_EQ(copies.size(), 2u);
  for (const auto& c : copies) {
    EXPECT_EQ(c["session"], c["pid"]) << "its own session";
    EXPECT_EQ(c["policy"], "batch");
    EXPECT_EQ(c["nice"], 3);
  }
  if (sys::affinity_of(0).size() >= 2) {
    EXPECT_NE(copies[0]["cpus"], copies[1]["cpus"]);
  }
  if (copies[0]["autogroup"] != "none") {
    EXPECT_NE(copies[0]["autogroup"], copies[1]["autogroup"]) << "each session its own autogroup";
  }
}

TEST_F(Scenario, NonRootRunsAndPrivilegedControlsFollowTheRule) {
  const std::string probe = std::string("setpriv --reuid=65534 --regid=65534 --clear-groups test -x ") +
                            SCHEDLAB_BIN + " 2>/dev/null";
  if (system(probe.c_str()) != 0)
    SCHEDLAB_SKIP(kNobody) << "the build tree is not readable by nobody";
  const TempDir runtime;
  const std::vector<std::string> nobody = as_nobody(runtime);
  const Flip flip;
  EXPECT_EQ(run_schedlab({"run", "spawn", "--duration", "200ms", "--runs", "1", "--no-store"}, nobody).status, 0);
  const Outcome refused = run_schedlab(
      {"run", "spawn", "--autogroup", flip.requested, "--duration", "200ms", "--runs", "1",
       "--no-store"},
      nobody);
  EXPECT_EQ(refused.status, 3) << refused.err;
  EXPECT_NE(refused.err.find("Permission denied"), std::string::npos) << refused.err;
  TempDir dir;
  const Outcome allowed = run_schedlab({"run", "spawn", "--autogroup", flip.requested,
                                        "--cgroup-depth", "2", "--allow-unapplied", "--duration",
                                        "200ms", "--runs", "1", "--json", dir.file("r.json"), "--no-store"},
                                       nobody);
  EXPECT_EQ(allowed.status, 0) << allowed.err;
  EXPECT_EQ(read_json(dir.file("r.json"))["sets"][0]["scenario"]["not_applied"].size(), 2u);
  EXPECT_EQ(autogroup_now(), flip.original);
  EXPECT_TRUE(cgroups_left().empty());
}

TEST_F(Scenario, VaryRunsLabelledSetsInReproducibleRandomBlocks) {
  const Flip flip;
  auto run = [](const std::string& json) {
    return run_schedlab({"run", "spawn", "--copies", "auto", "--vary", "autogroup=off,on", "--runs",
                         "4", "--duration", "150ms", "--seed", "12345", "--all", "--json", json});  // --all: a line per run
  };
  TempDir dir;
  const Outcome first = run(dir.file("a.json")), second = run(dir.file("b.json"));
  ASSERT_EQ(first.status, 0) << first.err;
  auto label_order = [](const std::string& out) {
    std::vector<std::string> labels;
    for (const auto& line : sys::split(out, "\n"))
      if (line.rfind("[", 0) == 0) labels.push_back(line.substr(0, line.find(']') + 1));
    return labels;
  };
  EXPECT_EQ(label_order(first.out).size(), 8u);
  EXPECT_EQ(label_order(first.out), label_order(second.out)) << "same seed, same order";
  const auto j = read_json(dir.file("a.json"));
  ASSERT_EQ(j["sets"].size(), 2u);
  EXPECT_EQ(j["sets"][0]["label"], "autogroup=off");
  EXPECT_EQ(j["sets"][1]["label"], "autogroup=on");
  for (const auto& set : j["sets"]) {
    EXPECT_EQ(set["scenario"]["requested"]["seed"], 12345);
    ASSERT_EQ(set["runs"].size(), 4u);
    for (int i = 0; i < 4; ++i) EXPECT_EQ(set["runs"][i]["block"], i + 1);
  }
  EXPECT_EQ(autogroup_now(), flip.original);
}

}  // namespace
}  // namespace schedlab::testing
