// The bpf probe through the real binary on the real kernel: its histograms
// agree with the run they watched, it follows the workload's cgroup when
// the run has one and its process tree otherwise, a task outside the
// workload is never followed, and no BPF descriptor (link, program, map)
// outlives a run, in the probe's own process or in schedlab's.  Skips
// where BPF cannot run (no BTF, not root).
#include <fmt/format.h>
#include <gtest/gtest.h>
#include <sched.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <filesystem>
#include <thread>

#include "integration/harness.h"
#include "probes/probe.h"
#include "support/skip.h"

namespace schedlab::testing {
namespace {

using namespace std::chrono_literals;
namespace fs = std::filesystem;

constexpr const char* kHistograms[] = {"fork_to_exec", "exec_to_exit", "exit_to_free", "runq_latency",
                                       "oncpu_slice"};
constexpr int kPrograms = 8;  // the lifecycle program's tracepoints, a link each

// How many of `pid`'s descriptors are BPF objects of `kind` ("bpf_link",
// "bpf-prog", "bpf-map"): the kernel names their anonymous inodes so.
int bpf_fds(pid_t pid, const std::string& kind) {
  int n = 0;
  std::error_code ec;
  for (const auto& e : fs::directory_iterator(fmt::format("/proc/{}/fd", pid), ec)) {
    std::error_code lec;
    if (fs::read_symlink(e.path(), lec).string() == "anon_inode:" + kind) ++n;
  }
  return n;
}

// A child of the test running `body`, killed and reaped on every path.
struct Child {
  explicit Child(void (*body)()) : pid(fork()) {
    if (pid == 0) {
      body();
      _exit(0);
    }
  }
  ~Child() {
    if (pid <= 0) return;
    kill(pid, SIGKILL);
    waitpid(pid, nullptr, 0);
  }
  Child(const Child&) = delete;
  Child& operator=(const Child&) = delete;
  pid_t pid;
};

std::unique_ptr<Probe> the_bpf_probe() {
  for (auto& p : builtin_probes())
    if (p->info().name == "bpf") return std::move(p);
  return nullptr;
}

class Bpf : public ::testing::Test {
 protected:
  void SetUp() override {
    if (geteuid() != 0) SCHEDLAB_SKIP(kRoot) << "needs root";
    if (auto why = the_bpf_probe()->unavailable_reason(); !why.empty()) SCHEDLAB_SKIP(kBpf) << why;
  }
  void TearDown() override {
    EXPECT_TRUE(cgroups_left().empty());
    EXPECT_TRUE(running_workers().empty());
  }
};

// The runs of a `run ... --probes PROBE --json` result (bpf, or bpf-offcpu
// with the stacks), each with its bpf details.
nlohmann::json bpf_runs(const std::vector<std::string>& args, const std::string& probe = "bpf") {
  TempDir dir;
  std::vector<std::string> all = args;
  for (const std::string a : {"--probes", probe.c_str(), "--no-store", "--quiet", "--json"}) all.push_back(a);
  all.push_back(dir.file("r.json"));
  const Outcome o = run_schedlab(all);
  EXPECT_EQ(o.status, 0) << o.err;
  const auto set = read_json(dir.file("r.json"))["sets"][0];
  for (const auto& run : set["runs"]) {
    EXPECT_FALSE(run["details"].contains("probes_unavailable")) << run["details"].dump();
    EXPECT_TRUE(run["details"].contains("bpf")) << run["details"].dump();
  }
  return set["runs"];
}

// The loops the workload counted in the window (exec calls them execs).
double loops_of(const nlohmann::json& run) {
  return run["values"].value("loops", run["values"].value("execs", -1.0));
}

double count_of(const nlohmann::json& run, const std::string& histogram) {
  return run["values"].value("bpf_" + histogram + "_count", -1.0);
}

// Every histogram's buckets add up to its count, in the details and in
// the metric, and the lower bounds rise.
void expect_consistent(const nlohmann::json& run) {
  const auto& details = run["details"]["bpf"];
  for (const char* name : kHistograms) {
    const auto& h = details["histograms"][name];
    std::uint64_t total = 0, last = 0;
    for (const auto& c : h["counts"]) total += c.get<std::uint64_t>();
    for (size_t i = 0; i < h["lower_bounds"].size(); ++i) {
      if (i > 0) {
        EXPECT_GT(h["lower_bounds"][i].get<std::uint64_t>(), last) << name;
      }
      last = h["lower_bounds"][i].get<std::uint64_t>();
    }
    EXPECT_EQ(h["counts"].size(), h["lower_bounds"].size()) << name;
    EXPECT_EQ(h["count"].get<std::uint64_t>(), total) << name;
    EXPECT_EQ(count_of(run, name), static_cast<double>(total)) << name;
    if (total > 0) {
      EXPECT_LE(run["values"]["bpf_" + std::string(name) + "_p50_us"].get<double>(),
                run["values"]["bpf_" + std::string(name) + "_p99_us"].get<double>()) << name;
    }
  }
  EXPECT_EQ(details["tasks_dropped"], 0);
}

TEST_F(Bpf, SpawnHistogramsAgreeWithTheRun) {
  const auto runs = bpf_runs({"run", "spawn", "--runs", "2", "--duration", "1s"});
  ASSERT_EQ(runs.size(), 2u);
  for (const auto& run : runs) {
    expect_consistent(run);
    EXPECT_EQ(run["details"]["bpf"]["filter"], "process-tree");
    const double loops = loops_of(run);
    ASSERT_GT(loops, 0);
    EXPECT_EQ(count_of(run, "fork_to_exec"), 0) << "spawn forks and exits, it never execs";
    EXPECT_EQ(count_of(run, "exec_to_exit"), 0);
    EXPECT_GT(count_of(run, "runq_latency"), 0) << "the loop process is woken by each child's exit";
    EXPECT_GT(count_of(run, "oncpu_slice"), 0);
    // Each loop's child exits and is freed, an RCU grace period after its
    // reap: the children of the window's last such period are cut.
    EXPECT_LE(count_of(run, "exit_to_free"), loops + 5);
    EXPECT_GT(count_of(run, "exit_to_free"), loops / 2);
    EXPECT_GE(run["values"]["bpf_wakeups_new"].get<double>(), loops - 5) << "each child is new";
  }
}

TEST_F(Bpf, ExecToExitCountsTheLoops) {
  const auto runs = bpf_runs({"run", "exec", "--runs", "1", "--duration", "1s"});
  ASSERT_EQ(runs.size(), 1u);
  const auto& run = runs[0];
  expect_consistent(run);
  const double loops = loops_of(run);
  ASSERT_GT(loops, 0);
  EXPECT_NEAR(count_of(run, "exec_to_exit"), loops, std::max(5.0, loops * 0.02));
  EXPECT_NEAR(count_of(run, "fork_to_exec"), loops, std::max(5.0, loops * 0.02));
}

TEST_F(Bpf, ACgroupChainIsFollowedByItsLeafsId) {
  const auto runs = bpf_runs({"run", "spawn", "--cgroup-depth", "2", "--runs", "1", "--duration", "500ms"});
  ASSERT_EQ(runs.size(), 1u);
  const auto& details = runs[0]["details"]["bpf"];
  EXPECT_EQ(details["filter"], "cgroup");
  EXPECT_GT(details["cgroup_id"].get<std::uint64_t>(), 1u) << "not the root cgroup";
  EXPECT_NE(details["cgroup"].get<std::string>().find("/l2"), std::string::npos) << "the leaf, level 2";
  expect_consistent(runs[0]);
  EXPECT_GT(count_of(runs[0], "exit_to_free"), 0);
}

// Context's two tasks ping-pong through pipes: each blocks reading its
// pipe until the other writes, so the off-CPU stack with the most time
// is a read of a pipe that schedules away (the kernel names it pipe_read,
// anon_pipe_read since 6.16), and no BPF frame is left at its top.  The
// plain bpf probe records no stack at all (its program has no stack walk).
TEST_F(Bpf, ContextBlocksInPipeReadByKernelStack) {
  const auto plain = bpf_runs({"run", "context", "--runs", "1", "--duration", "300ms"});
  ASSERT_EQ(plain.size(), 1u);
  EXPECT_FALSE(plain[0]["details"]["bpf"].contains("offcpu")) << plain[0]["details"]["bpf"].dump();
  EXPECT_GT(count_of(plain[0], "runq_latency"), 0) << "the histograms are there";
  const auto runs = bpf_runs({"run", "context", "--runs", "1", "--duration", "500ms"}, "bpf-offcpu");
  ASSERT_EQ(runs.size(), 1u);
  const auto& details = runs[0]["details"]["bpf"];
  const auto& stacks = details["offcpu"];
  ASSERT_FALSE(stacks.empty()) << details.dump();
  EXPECT_LE(stacks.size(), 20u);
  EXPECT_GE(details["offcpu_stacks"].get<std::size_t>(), stacks.size());
  EXPECT_EQ(details["offcpu_dropped"], 0);
  std::uint64_t last = UINT64_MAX;
  for (const auto& stack : stacks) {
    EXPECT_LE(stack["total_ns"].get<std::uint64_t>(), last) << "the most time first";
    last = stack["total_ns"].get<std::uint64_t>();
    EXPECT_GT(stack["count"].get<std::uint64_t>(), 0u);
    ASSERT_FALSE(stack["frames"].empty());
    EXPECT_NE(stack["frames"][0].get<std::string>().rfind("bpf_", 0), 0u) << stack.dump();
  }
  std::vector<std::string> top;
  for (const auto& f : stacks[0]["frames"]) top.push_back(f.get<std::string>());
  const auto has = [&](const std::string& part) {
    return std::any_of(top.begin(), top.end(), [&](const std::string& f) { return f.find(part) != std::string::npos; });
  };
  EXPECT_TRUE(has("pipe_read")) << stacks[0].dump();
  EXPECT_NE(std::find(top.begin(), top.end(), "schedule"), top.end()) << stacks[0].dump();
}

// A program the kernel refuses (here: schedlab may open too few
// descriptors for libbpf to load it all) leaves the run, which goes on and
// says why in one line with libbpf's reason.
TEST_F(Bpf, ARefusedProgramIsLeftOutAndSaysWhyInOneLine) {
  if (access("/usr/bin/prlimit", X_OK) != 0) SCHEDLAB_SKIP(kTools) << "no prlimit (util-linux)";
  TempDir dir;
  const Outcome o = run_schedlab({"run", "spawn", "--probes", "bpf", "--runs", "1", "--duration", "200ms",
                                  "--no-store", "--quiet", "--json", dir.file("r.json")},
                                 {"prlimit", "--nofile=24:24"});
  ASSERT_EQ(o.status, 0) << o.err;
  const auto run = read_json(dir.file("r.json"))["sets"][0]["runs"][0];
  const std::string why = run["details"]["probes_unavailable"].value("bpf", "");
  EXPECT_NE(why.find("the BPF program failed: Too many open files (errno 24); libbpf: "), std::string::npos) << why;
  EXPECT_EQ(why.find('\n'), std::string::npos) << why;
  EXPECT_FALSE(run["values"].contains("bpf_runq_latency_count"));
}

// A busy loop of the test's own, on the one CPU the run uses, is switched
// in and out all through the window; were it followed, it would still be
// in the program's task map when the run ends (it is never freed).
TEST_F(Bpf, ATaskOutsideTheWorkloadIsNotFollowed) {
  const Child outsider([] {
    cpu_set_t one;
    CPU_ZERO(&one);
    CPU_SET(0, &one);
    sched_setaffinity(0, sizeof one, &one);
    for (;;) __asm__ volatile("" ::: "memory");  // spins until killed
  });
  ASSERT_GT(outsider.pid, 0);
  for (const char* depth : {"0", "1"}) {
    const auto runs = bpf_runs({"run", "spawn", "--cpus", "0", "--cgroup-depth", depth, "--runs", "1",
                                "--duration", "500ms"});
    ASSERT_EQ(runs.size(), 1u);
    const auto& details = runs[0]["details"]["bpf"];
    EXPECT_EQ(details["tasks_left"].size(), details["tasks_left_total"].get<std::size_t>()) << "all of them listed";
    for (const auto& pid : details["tasks_left"]) EXPECT_NE(pid.get<pid_t>(), outsider.pid) << "depth " << depth;
    EXPECT_GT(count_of(runs[0], "oncpu_slice"), 0);
  }
}

// In this process: attach opens links, programs and maps; detach closes
// every one of them.
TEST_F(Bpf, DetachClosesEveryDescriptor) {
  const Child child([] { pause(); });
  ASSERT_GT(child.pid, 0);
  auto probe = the_bpf_probe();
  const int links = bpf_fds(getpid(), "bpf_link"), progs = bpf_fds(getpid(), "bpf-prog"),
            maps = bpf_fds(getpid(), "bpf-map");
  for (int round = 0; round < 2; ++round) {
    ProbeContext c;
    c.copies = c.tasks = {child.pid};
    ASSERT_EQ(probe->attach(c), "");
    EXPECT_EQ(bpf_fds(getpid(), "bpf_link"), links + kPrograms);
    EXPECT_GT(bpf_fds(getpid(), "bpf-map"), maps);
    probe->begin();
    probe->end();
    MetricValues values;
    ordered_json details;
    EXPECT_EQ(probe->finish(ProbeWindow{1, 1}, values, details), "");
    EXPECT_EQ(details["bpf"]["filter"], "process-tree");
    probe->detach();
    EXPECT_EQ(bpf_fds(getpid(), "bpf_link"), links);
    EXPECT_EQ(bpf_fds(getpid(), "bpf-prog"), progs);
    EXPECT_EQ(bpf_fds(getpid(), "bpf-map"), maps);
  }
  ProbeContext no_cgroup;
  no_cgroup.chain_dirs = {"/nonexistent/schedlab-test"};
  EXPECT_NE(probe->attach(no_cgroup), "");
  probe->detach();
  EXPECT_EQ(bpf_fds(getpid(), "bpf_link"), links);
}

// Whether `pid` runs (exists and is no zombie).
bool still_running(pid_t pid) {
  const std::string stat = slurp(fmt::format("/proc/{}/stat", pid));
  const auto close = stat.rfind(')');
  return close != std::string::npos && close + 2 < stat.size() && stat[close + 2] != 'Z';
}

// In schedlab: one run's links at a time, across runs.
TEST_F(Bpf, OneRunsLinksAtATime) {
  TempDir dir;
  Schedlab s({"run", "spawn", "--probes", "bpf", "--runs", "3", "--duration", "700ms", "--no-store", "--quiet",
              "--json", dir.file("r.json")});
  int most = 0, seen = 0;
  const auto deadline = std::chrono::steady_clock::now() + 60s;
  while (still_running(s.pid()) && std::chrono::steady_clock::now() < deadline) {
    const int now = bpf_fds(s.pid(), "bpf_link");
    most = std::max(most, now);
    seen += now > 0;
    std::this_thread::sleep_for(5ms);
  }
  EXPECT_EQ(s.wait().status, 0);
  EXPECT_GT(seen, 0) << "the links were never seen";
  EXPECT_LE(most, kPrograms) << "a run's links outlived it";
}

TEST_F(Bpf, SigintEndsAnAttachedRunCleanly) {
  TempDir dir;
  Schedlab s({"run", "spawn", "--probes", "bpf", "--cgroup-depth", "1", "--runs", "2", "--duration", "30s",
              "--no-store", "--quiet", "--json", dir.file("r.json")});
  const auto deadline = std::chrono::steady_clock::now() + 30s;
  while (bpf_fds(s.pid(), "bpf_link") < kPrograms && std::chrono::steady_clock::now() < deadline)
    std::this_thread::sleep_for(5ms);
  EXPECT_EQ(bpf_fds(s.pid(), "bpf_link"), kPrograms) << "the run never attached";
  s.signal(SIGINT);
  EXPECT_EQ(s.wait().status, 128 + SIGINT);
}

}  // namespace
}  // namespace schedlab::testing
