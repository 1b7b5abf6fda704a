// Figures that were silently wrong (issue "numbers you can stake a patch
// on"): each test runs the real binary and checks the number, not a timing.
#include <gtest/gtest.h>
#include <signal.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <thread>

#include "integration/harness.h"
#include "support/skip.h"

namespace schedlab::testing {
namespace {

using namespace std::chrono_literals;

nlohmann::json first_set(const std::string& path) { return read_json(path)["sets"][0]; }

// A busy loop pinned to `cpu`, killed and reaped on destruction.
class CpuHog {
 public:
  explicit CpuHog(int cpu) {
    pid_ = fork();
    if (pid_ == 0) {
      cpu_set_t set;
      CPU_ZERO(&set);
      CPU_SET(cpu, &set);
      sched_setaffinity(0, sizeof set, &set);
      for (;;) __asm__ __volatile__("" ::: "memory");  // spin without a system call
    }
  }
  ~CpuHog() {
    kill(pid_, SIGKILL);
    waitpid(pid_, nullptr, 0);
  }
  CpuHog(const CpuHog&) = delete;
  CpuHog& operator=(const CpuHog&) = delete;

 private:
  pid_t pid_;
};

int last_cpu() {
  cpu_set_t set;
  sched_getaffinity(0, sizeof set, &set);
  int last = 0;
  for (int c = 0; c < CPU_SETSIZE; ++c)
    if (CPU_ISSET(c, &set)) last = c;
  return last;
}

}  // namespace

// exec with --duration used to pass --iterations to every copy, which then
// stopped after them; the runner accepted the early finish.
TEST(Figures, ExecWithADurationRunsTheWholeWindow) {
  TempDir dir;
  const auto o = run_schedlab({"run", "exec", "--iterations", "5", "--duration", "1", "--runs", "1",
                               "--json", dir.file("r.json")});
  ASSERT_EQ(o.status, 0) << o.err;
  const auto run = first_set(dir.file("r.json"))["runs"][0];
  EXPECT_GT(run["values"]["execs"].get<double>(), 5) << "the window, not --iterations, ends the run";
  EXPECT_NEAR(run["window_s"].get<double>(), 1.0, 0.2);
}

// Without --duration exec is iteration-bound: every copy does exactly that
// many execs, counted by the copy itself.
TEST(Figures, ExecWithoutADurationDoesItsIterations) {
  TempDir dir;
  const auto o = run_schedlab({"run", "exec", "--iterations", "40", "--copies", "2", "--runs", "1",
                               "--json", dir.file("r.json")});
  ASSERT_EQ(o.status, 0) << o.err;
  const auto run = first_set(dir.file("r.json"))["runs"][0];
  EXPECT_EQ(run["values"]["execs"].get<double>(), 80);
  EXPECT_EQ(run["copies"][0]["loops"], 40);
}

TEST(Figures, CommandRefusesAWarmup) {
  const auto o = run_schedlab({"run", "command", "--warmup", "1", "--", "/bin/true"});
  EXPECT_EQ(o.status, 2) << o.err;
  EXPECT_NE(o.err.find("--warmup: command takes no warmup"), std::string::npos) << o.err;
  EXPECT_TRUE(leftover_children().empty());
}

// fd 3 (the channel) used to leak into every program a copy executed.
TEST(Figures, MeasuredProgramsDoNotInheritTheChannel) {
  const auto command = run_schedlab({"run", "command", "--runs", "1", "--discard-output", "--",
                                     "/bin/sh", "-c", "test ! -e /proc/self/fd/3"});
  EXPECT_EQ(command.status, 0) << command.err;
  const auto exec = run_schedlab({"run", "exec", "--program", "/bin/sh", "--args",
                                  "-c exec<&3", "--iterations", "3", "--runs", "1"});
  EXPECT_EQ(exec.status, 4) << "sh -c 'exec<&3' fails when there is no fd 3: " << exec.err;
  EXPECT_NE(exec.err.find("exited with status"), std::string::npos) << exec.err;
}

// A window in which no loop completed used to be PASS with lpm 0.
TEST(Figures, ARunWithoutACompletedLoopIsAnError) {
  TempDir dir;
  const auto o = run_schedlab({"run", "shell", "--concurrent", "300", "--duration", "2ms", "--runs",
                               "1", "--json", dir.file("r.json")});
  EXPECT_EQ(o.status, 4) << o.err;
  EXPECT_NE(o.err.find("no loop completed inside the"), std::string::npos) << o.err;
  const auto set = first_set(dir.file("r.json"));
  EXPECT_EQ(set["status"], "ERROR");
  EXPECT_TRUE(set["runs"].empty());
  EXPECT_TRUE(leftover_children().empty());
}

// The report's schbench at its own scale on two CPUs (-L -m 4 -t 128 -n 0,
// without -M auto, which needs more CPUs than message threads): 517
// threads, and 1,029 with -t 256.  The copy used to be killed after a 10 s
// grace and the run failed with "copy 0 left no report".
TEST(Figures, WakeupAtTheReportsScaleRunsAndEnds) {
  for (const char* workers : {"128", "256"}) {
    TempDir dir;
    const auto o = run_schedlab({"run", "wakeup", "-L", "-m", "4", "-t", workers, "-n", "0",
                                 "--duration", "2", "--runs", "1", "--json", dir.file("r.json")});
    ASSERT_EQ(o.status, 0) << workers << ": " << o.err;
    const auto run = first_set(dir.file("r.json"))["runs"][0];
    const double loops = run["copies"][0]["loops"], samples = run["values"]["request_samples"];
    EXPECT_GT(loops, 0) << workers;
    // Counted by the harness at the window's edges, sampled by the threads
    // while the phase said MEASURE: the same requests, but for those that
    // completed between a snapshot and the phase change.
    EXPECT_NEAR(loops, samples, 0.02 * loops + 600) << workers;
    EXPECT_TRUE(running_workers().empty());
    EXPECT_TRUE(leftover_children().empty());
  }
}

// Several wakeup copies: each copy's loops are its requests (they were
// recorded as 0), and the window is the harness's (it was a running
// pairwise mean of the copies' own windows).
TEST(Figures, WakeupCopiesRecordTheirRequests) {
  TempDir dir;
  const auto o = run_schedlab({"run", "wakeup", "-m", "1", "-t", "1", "-n", "1", "-F", "16",
                               "--copies", "3", "--duration", "1500ms", "--runs", "1", "--json",
                               dir.file("r.json")});
  ASSERT_EQ(o.status, 0) << o.err;
  const auto run = first_set(dir.file("r.json"))["runs"][0];
  double sum = 0;
  for (const auto& copy : run["copies"]) {
    EXPECT_GT(copy["loops"].get<double>(), 0);
    sum += copy["loops"].get<double>();
  }
  EXPECT_NEAR(run["values"]["rps"].get<double>() * run["window_s"].get<double>(), sum, 1e-6 * sum + 1e-9);
  EXPECT_GE(run["details"]["loops_per_second"].size(), 1u);
  EXPECT_GT(run["details"]["histograms"]["wakeup"]["count"].get<double>(), 0);
}

// Native -M auto keeps the workers off the message CPUs; schbench does not.
TEST(Figures, WakeupSaysWhenItsPlacementIsNotSchbenchs) {
  if (last_cpu() == 0) SCHEDLAB_SKIP(kCpus) << "needs two CPUs for -M auto";
  TempDir dir;
  const auto o = run_schedlab({"run", "wakeup", "-m", "1", "-M", "auto", "-t", "1", "-n", "0",
                               "--duration", "500ms", "--runs", "1", "--json", dir.file("r.json")});
  ASSERT_EQ(o.status, 0) << o.err;
  EXPECT_NE(o.out.find("note: placement differs from schbench"), std::string::npos) << o.out;
  int fidelity = 0;
  const auto set = first_set(dir.file("r.json"));
  for (const auto& w : set["warnings"]) fidelity += w["kind"] == "fidelity";
  EXPECT_EQ(fidelity, 1);
  const auto compat = run_schedlab({"run", "wakeup", "-m", "1", "-M", "auto", "-t", "1", "-n", "0",
                                    "--schbench-compat", "--duration", "500ms", "--runs", "1"});
  ASSERT_EQ(compat.status, 0) << compat.err;
  EXPECT_EQ(compat.out.find("placement differs"), std::string::npos);
}

// A CPU hog on the run's only CPU: the result says the machine was busy.
TEST(Figures, ARunBesideACpuHogCarriesTheBusyWarning) {
  const int cpu = last_cpu();
  TempDir dir;
  std::string text;
  {
    CpuHog hog(cpu);
    const auto o = run_schedlab({"run", "spawn", "--cpus", std::to_string(cpu), "--duration", "1",
                                 "--runs", "2", "--json", dir.file("r.json")});
    ASSERT_EQ(o.status, 0) << o.err;
    text = o.out;
  }
  EXPECT_NE(text.find("  busy in 2 of 2 runs: "), std::string::npos) << text;
  EXPECT_NE(text.find("used by other processes"), std::string::npos) << text;
  const auto set = first_set(dir.file("r.json"));
  ASSERT_FALSE(set["warnings"].empty());
  EXPECT_EQ(set["warnings"][0]["kind"], "busy");
  EXPECT_GT(set["runs"][0]["values"]["foreign_cpu_pct"].get<double>(), 5);
  const auto cmp = run_schedlab({"compare", dir.file("r.json"), dir.file("r.json")});
  EXPECT_NE(cmp.out.find("runs on a busy machine"), std::string::npos) << cmp.out;
}

// The copies' CPU was their rusage, which runs to the loop boundary at which
// they stop: a loop still running long after the close added CPU the window
// never saw, and foreign_cpu_pct = busy - copies went below 0, clamped to 0,
// hiding the hog beside them.  Now both are read at the window's edges.
TEST(Figures, ALoopRunningPastTheCloseDoesNotHideAHog) {
  const int cpu = last_cpu();
  TempDir dir;
  // Its first two calls return at once (loops completed in the window); the
  // third burns 3 s, in flight at the close of the 1 s window.
  const std::string calls = dir.file("calls");
  const std::string burner =
      dir.write("burn.sh", "#!/bin/sh\necho >> " + calls + "\n[ $(wc -l < " + calls +
                               ") -le 2 ] && exit 0\ntimeout 3 sh -c 'while :; do :; done'\nexit 0\n");
  chmod(burner.c_str(), 0755);
  CpuHog hog(cpu);
  const auto o = run_schedlab({"run", "exec", "--program", burner, "--cpus", std::to_string(cpu), "--duration",
                               "1", "--runs", "1", "--json", dir.file("r.json")});
  ASSERT_EQ(o.status, 0) << o.err;
  const auto set = first_set(dir.file("r.json"));
  const auto& run = set["runs"][0];
  EXPECT_GT(run["copies"][0]["usage_span_s"].get<double>(), 2) << "the loop in flight ran on past the close";
  EXPECT_GT(run["values"]["foreign_cpu_pct"].get<double>(), 25) << "the hog had about half the CPU";
  bool busy = false;
  for (const auto& w : set["warnings"]) busy |= w["kind"] == "busy";
  EXPECT_TRUE(busy) << set["warnings"].dump();
}

TEST(Figures, WaitIdleGivesUpSayingSo) {
  const int cpu = last_cpu();
  TempDir dir;
  CpuHog hog(cpu);
  const auto o = run_schedlab({"run", "spawn", "--cpus", std::to_string(cpu), "--duration", "200ms",
                               "--runs", "1", "--wait-idle=2s", "--json", dir.file("r.json")});
  ASSERT_EQ(o.status, 0) << o.err;
  const auto set = first_set(dir.file("r.json"));
  bool not_idle = false;
  for (const auto& w : set["warnings"]) not_idle |= w["kind"] == "not-idle";
  EXPECT_TRUE(not_idle) << set["warnings"].dump();
  EXPECT_GE(set["runs"][0]["details"]["idle_wait_s"].get<double>(), 2);
}

// Runs can be ordered across the sets of an experiment; times carry
// microseconds; the set records its command line.
TEST(Figures, RunsCarrySequenceTimeAndTheCommandLine) {
  TempDir dir;
  const auto o = run_schedlab({"run", "spawn", "--duration", "100ms", "--runs", "2", "--vary",
                               "child-exit=exit,_exit", "--seed", "3", "--json", dir.file("r.json")});
  ASSERT_EQ(o.status, 0) << o.err;
  const auto sets = read_json(dir.file("r.json"))["sets"];
  std::vector<int> sequence;
  for (const auto& set : sets) {
    EXPECT_EQ(set["argv"][1], "run");
    EXPECT_EQ(set["argv"].back(), dir.file("r.json"));
    for (const auto& run : set["runs"]) {
      sequence.push_back(run["sequence"]);
      const std::string started = run["started"];
      EXPECT_EQ(started.size(), 27u) << started;  // 2026-11-30T12:50:55.967189Z
      EXPECT_EQ(started[19], '.');
    }
  }
  std::sort(sequence.begin(), sequence.end());
  EXPECT_EQ(sequence, (std::vector<int>{0, 1, 2, 3}));
}

}  // namespace schedlab::testing
