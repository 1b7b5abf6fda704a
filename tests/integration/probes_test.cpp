// The probes and --psi through the real binary on the real kernel: every
// probe measures or says why not, --probes selects, --psi is in force while
// the copies run, and no trace instance, tracefs mount, cgroup or journal is
// left after success, SIGINT, SIGTERM or SIGKILL plus `schedlab restore`.
// Tests that need root, tracefs or cgroup.pressure skip with the reason.
#include <gtest/gtest.h>
#include <signal.h>
#include <unistd.h>

#include <filesystem>
#include <thread>

#include "integration/harness.h"
#include "support/skip.h"
#include "sys/cgroup_layout.h"
#include "sys/proc_files.h"
#include "sys/tracefs_mount.h"

namespace schedlab::testing {
namespace {

using namespace std::chrono_literals;
namespace fs = std::filesystem;

std::optional<std::string> tracefs_now() {
  return sys::tracefs_mount(sys::read_text("/proc/self/mountinfo").value_or(""));
}

// Trace instances named like schedlab's in the tracefs mount, if mounted.
std::vector<std::string> instances_left() {
  std::vector<std::string> left;
  const auto mount = tracefs_now();
  std::error_code ec;
  if (mount)
    for (const auto& e : fs::directory_iterator(*mount + "/instances", ec))
      if (e.path().filename().string().rfind("schedlab", 0) == 0) left.push_back(e.path());
  return left;
}

// The v2 root, when its cgroups have cgroup.pressure (Linux 6.1+, PSI on).
std::optional<std::string> pressure_root() {
  const auto layout = sys::read_cgroup_layout();
  if (!layout.v2_mount) return std::nullopt;
  if (access((*layout.v2_mount + "/cgroup.pressure").c_str(), F_OK) != 0 &&
      access((*layout.v2_mount + "/cpu.pressure").c_str(), F_OK) != 0)
    return std::nullopt;
  return layout.v2_mount;
}

class Probes : public ::testing::Test {
 protected:
  void TearDown() override {
    EXPECT_TRUE(instances_left().empty());
    EXPECT_EQ(tracefs_now(), tracefs_before_) << "tracefs mounted or unmounted behind the user's back";
    EXPECT_TRUE(cgroups_left().empty());
    EXPECT_FALSE(journals_left());
    EXPECT_TRUE(running_workers().empty());
  }
  std::optional<std::string> tracefs_before_ = tracefs_now();
};

TEST_F(Probes, ListShowsEveryProbeAvailableOrWhyNot) {
  const Outcome o = run_schedlab({"list", "--probes"});
  ASSERT_EQ(o.status, 0) << o.err;
  for (const char* name :
       {"proc-stat", "proc-counters", "psi", "schedstat", "perf-sw", "perf-hw", "sched-trace", "bpf", "profile"}) {
    bool found = false;
    for (const auto& line : sys::split(o.out, "\n")) {
      if (line.rfind(std::string(name) + " ", 0) != 0) continue;
      found = true;
      EXPECT_TRUE(line.find(" available") != std::string::npos || line.find(" unavailable: ") != std::string::npos)
          << line;
    }
    EXPECT_TRUE(found) << name << "\n" << o.out;
  }
}

TEST_F(Probes, BadSelectionNamesTheOptionAndTheProbes) {
  const Outcome o = run_schedlab({"run", "spawn", "--probes", "perf-sw,bogus", "--no-store"});
  EXPECT_EQ(o.status, 2);
  EXPECT_NE(o.err.find("--probes 'perf-sw,bogus': expected all, none, default or a list of: proc-stat"),
            std::string::npos) << o.err;
  const Outcome psi = run_schedlab({"run", "spawn", "--psi", "off", "--no-store"});
  EXPECT_EQ(psi.status, 2);
  EXPECT_NE(psi.err.find("--psi 'off': expected with --cgroup-depth 1 or more"), std::string::npos) << psi.err;
}

TEST_F(Probes, EveryProbeMeasuresOrRecordsWhyNot) {
  TempDir dir;
  const Outcome o = run_schedlab({"run", "spawn", "--probes", "all", "--duration", "400ms", "--runs", "1",
                                  "--no-store", "--json", dir.file("r.json")});
  ASSERT_EQ(o.status, 0) << o.err;
  const auto set = read_json(dir.file("r.json"))["sets"][0];
  EXPECT_EQ(set["probes"]["selection"], "all");
  const auto& run = set["runs"][0];
  ASSERT_EQ(set["probes"]["probes"].size(), 10u);
  for (const auto& p : set["probes"]["probes"]) {
    const std::string name = p["name"];
    if (!p["available"].get<bool>()) {
      EXPECT_FALSE(p["reason"].get<std::string>().empty()) << name;
      continue;
    }
    const bool failed = run.contains("details") && run["details"].contains("probes_unavailable") &&
                        run["details"]["probes_unavailable"].contains(name);
    if (failed) {
      EXPECT_FALSE(run["details"]["probes_unavailable"][name].get<std::string>().empty());
    }
  }
  const auto& values = run["values"];
  EXPECT_TRUE(values.contains("cpu_idle_pct"));
  EXPECT_TRUE(values.contains("ctxt_per_loop"));
  if (values.contains("cpu_migrations_per_loop")) {
    EXPECT_GT(values["context_switches"].get<double>(), 0);
  }
  if (values.contains("sched_process_fork")) {
    // every spawn loop forks once: the tracepoint saw the copies' forks
    EXPECT_GT(values["sched_process_fork"].get<double>(), 0);
    EXPECT_GT(values["sched_process_exit"].get<double>(), 0);
  }
}

TEST_F(Probes, NoneRecordsNoProbeMetric) {
  TempDir dir;
  const Outcome o = run_schedlab({"run", "spawn", "--probes", "none", "--duration", "200ms", "--runs", "1",
                                  "--no-store", "--json", dir.file("r.json")});
  ASSERT_EQ(o.status, 0) << o.err;
  const auto set = read_json(dir.file("r.json"))["sets"][0];
  EXPECT_EQ(set["probes"]["selection"], "none");
  EXPECT_FALSE(set["runs"][0]["values"].contains("cpu_idle_pct"));
  EXPECT_FALSE(set["metrics"].contains("ctxt"));
}

TEST_F(Probes, PsiOffIsInForceOnEveryLevelWhileTheCopiesRun) {
  if (geteuid() != 0) SCHEDLAB_SKIP(kRoot) << "needs root";
  const auto root = pressure_root();
  if (!root) SCHEDLAB_SKIP(kPsi) << "no cgroup v2 hierarchy with PSI files here";
  TempDir dir;
  Schedlab s({"run", "spawn", "--cgroup-depth", "3", "--psi", "off", "--probes", "psi", "--duration", "1500ms",
              "--runs", "1", "--no-store", "--json", dir.file("r.json")});
  const std::string top = *root + "/schedlab-" + std::to_string(s.pid());
  const auto deadline = std::chrono::steady_clock::now() + 30s;
  while (running_workers().empty() && std::chrono::steady_clock::now() < deadline) std::this_thread::sleep_for(10ms);
  if (access((top + "/cgroup.pressure").c_str(), F_OK) != 0) {
    const Outcome o = s.wait();
    EXPECT_EQ(o.status, 3) << "without cgroup.pressure --psi is refused";
    EXPECT_NE(o.err.find("--psi off: not applied"), std::string::npos) << o.err;
    return;
  }
  for (const char* level : {"", "/l2", "/l2/l3"})
    EXPECT_EQ(sys::read_line(top + level + "/cgroup.pressure").value_or("?"), "0") << level;
  EXPECT_TRUE(journals_left());
  const Outcome o = s.wait();
  ASSERT_EQ(o.status, 0) << o.err;
  const auto set = read_json(dir.file("r.json"))["sets"][0];
  bool applied = false;
  for (const auto& a : set["scenario"]["applied"]) applied |= a["control"] == "psi";
  EXPECT_TRUE(applied);
  EXPECT_EQ(set["scenario"]["requested"]["psi"], "off");
  // PSI is off in the chain: the leaf has no cpu.pressure to read.
  EXPECT_FALSE(set["runs"][0]["values"].contains("psi_chain_cpu_some_us"));
  EXPECT_TRUE(set["runs"][0]["values"].contains("psi_cpu_some_us"));
}

TEST_F(Probes, PsiOnRecordsTheChainsStall) {
  if (geteuid() != 0) SCHEDLAB_SKIP(kRoot) << "needs root";
  if (!pressure_root()) SCHEDLAB_SKIP(kPsi) << "no cgroup v2 hierarchy with PSI files here";
  TempDir dir;
  const Outcome o = run_schedlab({"run", "spawn", "--copies", "2", "--cpus", "0", "--cgroup-depth", "2", "--psi",
                                  "on", "--probes", "psi", "--duration", "500ms", "--runs", "1", "--no-store",
                                  "--json", dir.file("r.json")});
  if (o.status == 3) SCHEDLAB_SKIP(kPsi) << "the kernel has no cgroup.pressure: " << o.err;
  ASSERT_EQ(o.status, 0) << o.err;
  const auto run = read_json(dir.file("r.json"))["sets"][0]["runs"][0];
  EXPECT_TRUE(run["values"].contains("psi_chain_cpu_some_us"));
  EXPECT_EQ(run["details"]["psi_chain_levels"].size(), 2u);
}

// Starts a traced run with --psi off and waits until its trace instance exists.
std::unique_ptr<Schedlab> start_traced(const std::string& json) {
  auto s = std::make_unique<Schedlab>(std::vector<std::string>{
      "run", "spawn", "--probes", "sched-trace,psi", "--cgroup-depth", "2", "--psi", "off", "--duration",
      "30s", "--runs", "2", "--no-store", "--json", json});
  const auto deadline = std::chrono::steady_clock::now() + 30s;
  while (instances_left().empty() && std::chrono::steady_clock::now() < deadline) std::this_thread::sleep_for(10ms);
  return s;
}

class TracedInterrupt : public Probes {
 protected:
  void SetUp() override {
    if (geteuid() != 0) SCHEDLAB_SKIP(kRoot) << "needs root";
    if (!sys::kernel_has_tracefs()) SCHEDLAB_SKIP(kTracefs) << "kernel without tracefs";
    if (!pressure_root() || access((*pressure_root() + "/cgroup.pressure").c_str(), F_OK) != 0)
      SCHEDLAB_SKIP(kPsi) << "no cgroup.pressure here";
  }
};

TEST_F(TracedInterrupt, SigintAndSigtermRemoveTheInstanceAndTheChain) {
  for (int sig : {SIGINT, SIGTERM}) {
    TempDir dir;
    auto s = start_traced(dir.file("r.json"));
    ASSERT_FALSE(instances_left().empty()) << "the trace instance never appeared";
    s->signal(sig);
    EXPECT_EQ(s->wait().status, 128 + sig);
    EXPECT_TRUE(instances_left().empty());
    EXPECT_TRUE(cgroups_left().empty());
  }
}

TEST_F(TracedInterrupt, SigkillThenRestoreRemovesTheInstanceAndTheChain) {
  TempDir dir;
  auto s = start_traced(dir.file("r.json"));
  ASSERT_FALSE(instances_left().empty());
  s->signal(SIGKILL);
  EXPECT_EQ(s->wait().status, 128 + SIGKILL);
  EXPECT_FALSE(instances_left().empty()) << "nothing could remove it yet";
  const Outcome r = run_schedlab({"restore"});
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_NE(r.err.find("undone: trace instance"), std::string::npos) << r.err;
  const auto deadline = std::chrono::steady_clock::now() + 10s;  // parent-death signals are async
  while (!running_workers().empty() && std::chrono::steady_clock::now() < deadline)
    std::this_thread::sleep_for(20ms);
}

TEST_F(Probes, CompareJsonHasTheUnderneathSection) {
  TempDir dir;
  const Outcome o = run_schedlab({"run", "spawn", "--duration", "200ms", "--runs", "2", "--vary",
                                  "copies=1,2", "--no-store", "--json", dir.file("r.json")});
  ASSERT_EQ(o.status, 0) << o.err;
  const Outcome c = run_schedlab({"compare", dir.file("r.json"), "--style", "json"});
  ASSERT_EQ(c.status, 0) << c.err;
  EXPECT_TRUE(nlohmann::json::parse(c.out).contains("underneath"));
}

}  // namespace
}  // namespace schedlab::testing
