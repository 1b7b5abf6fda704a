// Two runs that use one kernel filesystem at once: the first to end must
// not unmount it under the second (which then lost 80% of its events and
// said nothing).  Walks every probe that declares a shared mount, from the
// registry, so a probe added later with one is run here too.
#include <fmt/format.h>
#include <gtest/gtest.h>
#include <signal.h>
#include <unistd.h>

#include <algorithm>
#include <filesystem>
#include <thread>

#include "integration/harness.h"
#include "probes/probe.h"
#include "sys/cgroup_layout.h"
#include "sys/proc_files.h"
#include "support/skip.h"

namespace schedlab::testing {
namespace {

using namespace std::chrono_literals;

std::vector<std::string> mounts_of(const std::string& fstype) {
  return sys::find_mounts(sys::read_text("/proc/self/mountinfo").value_or(""), fstype);
}

// Waits, as a hang guard only, until `done`.
template <typename Done>
bool wait_for(Done done, std::chrono::seconds limit = 60s) {
  for (auto until = std::chrono::steady_clock::now() + limit; std::chrono::steady_clock::now() < until;) {
    if (done()) return true;
    std::this_thread::sleep_for(20ms);
  }
  return false;
}

std::vector<std::string> run_args(const std::string& probe, const std::string& duration, const std::string& json) {
  return {"run", "spawn", "--probes", probe, "--runs", "1", "--duration", duration,
          "--json", json, "--no-store"};
}

}  // namespace

TEST(SharedMounts, AnOverlappingRunKeepsItsMountAndItsEvents) {
  if (geteuid() != 0) SCHEDLAB_SKIP(kRoot) << "needs root (tracefs, debugfs)";
  int walked = 0;
  for (const auto& probe : builtin_probes()) {
    for (const auto& fstype : probe->info().shared_mounts) {
      ++walked;
      const std::string name = probe->info().name;
      if (!mounts_of(fstype).empty())
        SCHEDLAB_SKIP(kUnmounted) << fstype << " is mounted by the system here: the race needs it unmounted to start with";
      TempDir dir;
      Schedlab first(run_args(name, "2s", dir.file("a.json")));
      ASSERT_TRUE(wait_for([&] { return !mounts_of(fstype).empty(); })) << name << ": the first run never mounted "
                                                                          << fstype;
      Schedlab second(run_args(name, "5s", dir.file("b.json")));
      const Outcome a = first.wait();
      ASSERT_EQ(a.status, 0) << a.err;
      EXPECT_FALSE(mounts_of(fstype).empty()) << name << ": the first run to end unmounted " << fstype
                                              << " under the second";
      const Outcome b = second.wait();
      ASSERT_EQ(b.status, 0) << b.err;
      const auto set = read_json(dir.file("b.json")).at("sets").at(0);
      const auto& run = set.at("runs").at(0);
      EXPECT_FALSE(run.contains("details") && run.at("details").contains("probes_unavailable") &&
                   run.at("details").at("probes_unavailable").contains(name))
          << name << " lost its figures in the second run: " << run.dump();
      EXPECT_TRUE(mounts_of(fstype).empty()) << "the last run to end unmounts what schedlab mounted";
      EXPECT_FALSE(std::filesystem::exists("/run/schedlab/mounts")) << "no lease is left behind";
    }
  }
  EXPECT_GE(walked, 1) << "sched-trace uses tracefs";
}

// The figures of the run that outlived the other are whole: spawn forks
// once per loop, and its trace says so.
TEST(SharedMounts, TheSecondRunCountsEveryFork) {
  if (geteuid() != 0) SCHEDLAB_SKIP(kRoot) << "needs root (tracefs)";
  if (!mounts_of("tracefs").empty()) SCHEDLAB_SKIP(kUnmounted) << "tracefs is mounted by the system here";
  TempDir dir;
  Schedlab first(run_args("sched-trace", "2s", dir.file("a.json")));
  ASSERT_TRUE(wait_for([] { return !mounts_of("tracefs").empty(); }));
  Schedlab second(run_args("sched-trace", "5s", dir.file("b.json")));
  ASSERT_EQ(first.wait().status, 0);
  const Outcome b = second.wait();
  ASSERT_EQ(b.status, 0) << b.err;
  const auto values = read_json(dir.file("b.json")).at("sets").at(0).at("runs").at(0).at("values");
  ASSERT_TRUE(values.contains("sched_process_fork_per_loop")) << values.dump();
  EXPECT_GT(values.at("sched_process_fork_per_loop").get<double>(), 0.9) << "events were lost";
  EXPECT_LT(values.at("sched_process_fork_per_loop").get<double>(), 1.1);
}

// A SIGKILLed run's trace instance, left after tracefs was unmounted by the
// last live run that used it: `schedlab restore` mounts tracefs again,
// removes the instance and unmounts (issue 30: restore refused the entry).
TEST(SharedMounts, RestoreRemovesAKilledRunsTraceInstanceAfterTheUnmount) {
  if (geteuid() != 0) SCHEDLAB_SKIP(kRoot) << "needs root (tracefs)";
  if (!mounts_of("tracefs").empty())
    SCHEDLAB_SKIP(kUnmounted) << "tracefs is mounted by the system here: the case needs it unmounted to start with";
  TempDir dir;
  Schedlab live(run_args("sched-trace", "3s", dir.file("live.json")));
  ASSERT_TRUE(wait_for([&] { return !mounts_of("tracefs").empty(); })) << "the live run never mounted tracefs";
  Schedlab killed(run_args("sched-trace", "30s", dir.file("killed.json")));
  const std::string instance = fmt::format("/sys/kernel/tracing/instances/schedlab-{}-1", killed.pid());
  ASSERT_TRUE(wait_for([&] { return std::filesystem::exists(instance); })) << "no instance " << instance;
  killed.signal(SIGKILL);
  killed.wait();
  EXPECT_EQ(live.wait().status, 0);
  EXPECT_TRUE(mounts_of("tracefs").empty()) << "the last live run unmounts tracefs, the dead one's instance inside";
  const Outcome o = run_schedlab({"restore"});
  EXPECT_EQ(o.status, 0) << o.err;
  EXPECT_NE(o.err.find("undone: trace instance " + instance), std::string::npos) << o.err;
  EXPECT_TRUE(mounts_of("tracefs").empty()) << "restore unmounts what it mounted";
  EXPECT_FALSE(journals_left());
}

}  // namespace schedlab::testing
