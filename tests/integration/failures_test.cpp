// Failures mid-run keep what was measured; interrupts stop within a second;
// no process outlives a run, not even after SIGKILL of the harness.
#include <gtest/gtest.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <thread>

#include "integration/harness.h"
#include "support/skip.h"
#include "sys/proc_files.h"

namespace schedlab::testing {
namespace {

using namespace std::chrono_literals;


// Waits until the result file holds `runs` runs (polling; no timing asserted).
bool wait_for_runs(const std::string& path, int runs, std::chrono::seconds limit = 60s) {
  const auto deadline = std::chrono::steady_clock::now() + limit;
  while (runs_in(path) < runs) {
    if (std::chrono::steady_clock::now() > deadline) return false;
    std::this_thread::sleep_for(20ms);
  }
  return true;
}

int tasks_of(uid_t uid) {
  int n = 0;
  sys::for_each_pid([&](pid_t pid) {
    auto status = sys::read_text("/proc/" + std::to_string(pid) + "/status");
    auto uids = status ? sys::status_field(*status, "Uid") : std::nullopt;
    if (uids && std::stoul(*uids) == uid) n += std::stoi(*sys::status_field(*status, "Threads"));
  });
  return n;
}

pid_t start_sleeper_as_nobody() {
  const pid_t pid = fork();
  if (pid == 0) {
    execl("/usr/bin/setpriv", "setpriv", "--reuid=65534", "--regid=65534", "--clear-groups",
          "sleep", "60", static_cast<char*>(nullptr));
    _exit(127);
  }
  return pid;
}



}  // namespace

TEST(Failures, ForkFailingMidRunKeepsCompletedRuns) {
  if (!can_switch_user() || access("/usr/bin/prlimit", X_OK) != 0)
    SCHEDLAB_SKIP(kNobody) << "needs root, setpriv, prlimit and a build tree user nobody can read "
                              "(RLIMIT_NPROC does not bind root)";
  TempDir dir;
  // Room for exactly the harness, its stderr relay thread (sys/stderr_relay.h),
  // its worker and the worker's child.  Once a run has completed, one more
  // process of the same user takes that room, so the next run's fork fails
  // with EAGAIN inside the loop.
  const int others = tasks_of(kNobodyUid);
  const std::vector<std::string> prefix = as_nobody(dir, {"prlimit", "--nproc=" + std::to_string(others + 4)});
  Schedlab s({"run", "spawn", "--runs", "200", "--duration", "200ms", "--json", dir.file("r.json"),
              "--no-store"},
             prefix);
  ASSERT_TRUE(wait_for_runs(dir.file("r.json"), 1));
  const pid_t sleeper = start_sleeper_as_nobody();
  const Outcome o = s.wait();
  kill(sleeper, SIGKILL);
  waitpid(sleeper, nullptr, 0);
  EXPECT_EQ(o.status, 4) << o.err;
  EXPECT_NE(o.err.find("fork failed"), std::string::npos) << o.err;
  EXPECT_NE(o.err.find("errno 11"), std::string::npos) << o.err;
  EXPECT_NE(o.err.find("RLIMIT_NPROC " + std::to_string(others + 4)), std::string::npos) << o.err;
  const auto j = read_json(dir.file("r.json"));
  EXPECT_EQ(j["sets"][0]["status"], "ERROR");
  EXPECT_NE(j["sets"][0]["error"].get<std::string>().find("Resource temporarily unavailable"),
            std::string::npos);
  EXPECT_GE(j["sets"][0]["runs"].size(), 1u);
  EXPECT_TRUE(leftover_children().empty());
  EXPECT_TRUE(running_workers().empty());
}

TEST(Failures, PreflightRefusesCopiesPastRlimitNproc) {
  if (!can_switch_user())
    SCHEDLAB_SKIP(kNobody) << "needs root, setpriv and a build tree user nobody can read";
  TempDir dir;
  const std::vector<std::string> prefix = as_nobody(dir, {"prlimit", "--nproc=" + std::to_string(tasks_of(kNobodyUid) + 5)});
  const Outcome o = run_schedlab({"run", "spawn", "--copies", "8", "--duration", "100ms"}, prefix);
  EXPECT_EQ(o.status, 2) << o.err;
  EXPECT_NE(o.err.find("--copies '8': expected at most"), std::string::npos) << o.err;
  EXPECT_NE(o.err.find("RLIMIT_NPROC (ulimit -u)"), std::string::npos) << o.err;
  EXPECT_EQ(o.out, "");
}

TEST(Failures, ExecOfAFailingProgramIsAnError) {
  TempDir dir;
  const Outcome o = run_schedlab({"run", "exec", "--program", "/bin/false", "--iterations", "5",
                                  "--runs", "2", "--json", dir.file("r.json")});
  EXPECT_EQ(o.status, 4) << o.err;
  EXPECT_NE(o.err.find("the child exited with status 1"), std::string::npos) << o.err;
  EXPECT_EQ(read_json(dir.file("r.json"))["sets"][0]["status"], "ERROR");
}

class Interrupt : public ::testing::TestWithParam<int> {};

TEST_P(Interrupt, StopsKeepsCompletedRunsAndLeavesNothing) {
  const int sig = GetParam();
  for (const char* workload : {"spawn", "context", "exec"}) {
    TempDir dir;
    Schedlab s({"run", workload, "--runs", "100", "--duration", "300ms", "--copies", "2",
                "--json", dir.file("r.json")});
    ASSERT_TRUE(wait_for_runs(dir.file("r.json"), 1)) << workload;
    s.signal(sig);
    const Outcome o = s.wait();
    EXPECT_EQ(o.status, 128 + sig) << workload << ": " << o.err;
    const auto j = read_json(dir.file("r.json"));
    EXPECT_GE(j["sets"][0]["runs"].size(), 1u);
    EXPECT_LT(j["sets"][0]["runs"].size(), 100u);
    EXPECT_NE(j["sets"][0]["error"].get<std::string>().find("interrupted by SIG"), std::string::npos);
    EXPECT_NE(o.err.find("; completed runs were kept\n"), std::string::npos) << o.err;
    EXPECT_TRUE(leftover_children().empty()) << workload;
    EXPECT_TRUE(running_workers().empty()) << workload;
  }
}

INSTANTIATE_TEST_SUITE_P(Signals, Interrupt, ::testing::Values(SIGINT, SIGTERM));

// With no result file and no store nothing is kept, whether or not a run
// had completed when the signal came: the last line does not say otherwise.
TEST(Failures, AnInterruptedRunThatKeepsNothingDoesNotSayItKeptRuns) {
  Schedlab s({"run", "spawn", "--runs", "100", "--duration", "300ms", "--no-store"});
  std::this_thread::sleep_for(std::chrono::seconds(1));
  s.signal(SIGINT);
  const Outcome o = s.wait();
  EXPECT_EQ(o.status, 128 + SIGINT) << o.err;
  EXPECT_NE(o.err.find("schedlab: interrupted by SIGINT\n"), std::string::npos) << o.err;
  EXPECT_EQ(o.err.find("kept"), std::string::npos) << o.err;
  EXPECT_TRUE(leftover_children().empty());
}

TEST(Failures, SigkilledHarnessLeavesNoCopyRunning) {
  for (const char* workload : {"spawn", "context", "execl"}) {
    TempDir dir;
    Schedlab s({"run", workload, "--runs", "100", "--duration", "300ms", "--copies", "2",
                "--json", dir.file("r.json")});
    ASSERT_TRUE(wait_for_runs(dir.file("r.json"), 1));
    s.signal(SIGKILL);
    s.wait();
    // The parent-death signal is asynchronous: give the kernel a moment.
    const auto deadline = std::chrono::steady_clock::now() + 10s;
    while (!running_workers().empty() && std::chrono::steady_clock::now() < deadline)
      std::this_thread::sleep_for(20ms);
    EXPECT_TRUE(running_workers().empty()) << workload;
    while (!leftover_children().empty() && std::chrono::steady_clock::now() < deadline)
      std::this_thread::sleep_for(20ms);
    EXPECT_TRUE(leftover_children().empty()) << workload;
  }
}

}  // namespace schedlab::testing
