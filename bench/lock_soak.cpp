// Lock soak: a SIGKILLed holder of the global lock never has its values
// taken for the originals.
//
// ROUNDS (100) rounds; in each, two or three runs of
//   schedlab run spawn --autogroup OTHER --duration 700ms --runs 2
// (OTHER: the value kernel.sched_autogroup_enabled does not have) contend
// for the global lock.  The first holds it with its value in place when the
// others start; every run but the last is then SIGKILLed, each at a random
// moment (seeded) of up to 2 s after the previous kill — while it holds the
// lock, while it waits for it, or after it ended.  The last run ends by
// itself.  Then nothing may be left: autogroup at its value from before, no
// journal, no process of this build's schedlab or schedlab-worker, no
// schedlab-<pid> cgroup.  Prints a line per round, "N/ROUNDS clean", and
// exits 1 unless every round was clean.  (The integration test
// KilledLockHolder runs three such rounds.)
//
// Needs root.  Usage: bench/lock_soak [ROUNDS (100)] [SEED (random; printed)]
#include <fmt/format.h>
#include <fmt/ranges.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <map>
#include <random>
#include <thread>

#include "bench/bench_support.h"
#include "bench/leftovers.h"

namespace {

using Clock = std::chrono::steady_clock;
using std::chrono::milliseconds;

constexpr const char* kAutogroup = "kernel.sched_autogroup_enabled";
constexpr const char* kAutogroupFile = "/proc/sys/kernel/sched_autogroup_enabled";

struct Soak {
  std::string schedlab;
  std::vector<std::string> binaries;  // this build's schedlab and schedlab-worker
  std::map<std::string, std::string> originals;
  std::string other;  // what the runs set autogroup to
};

struct Round {
  std::vector<std::string> ended;      // per run: "killed by SIGKILL at 812 ms", "exit 0"
  std::vector<std::string> leftovers;  // the round is clean when empty
};

pid_t start_run(const Soak& s, const std::string& stderr_path) {
  return bench::start_schedlab({s.schedlab, "run", "spawn", "--autogroup", s.other, "--duration", "700ms",
                                "--runs", "2", "--no-store", "--quiet"},
                               stderr_path);
}

bool wait_for_change(const Soak& s) {
  const auto deadline = Clock::now() + std::chrono::seconds(30);
  while (bench::read_sysctl(kAutogroup) != s.other && Clock::now() < deadline)
    std::this_thread::sleep_for(milliseconds(5));
  return bench::read_sysctl(kAutogroup) == s.other;
}

void kill_at_random(pid_t pid, std::mt19937_64& rng, Round& round) {
  const int moment = std::uniform_int_distribution<int>(0, 2000)(rng);
  std::optional<int> status = bench::ended_before(pid, Clock::now() + milliseconds(moment));
  if (!status) {
    kill(pid, SIGKILL);
    int st = 0;
    waitpid(pid, &st, 0);
    status = st;
  }
  round.ended.push_back(fmt::format("{} at {} ms", bench::describe_status(*status), moment));
}

void look_for_leftovers(const Soak& s, Round& round) {
  for (const auto deadline = Clock::now() + std::chrono::seconds(5);;) {
    round.leftovers = bench::processes_where([&](const std::string& exe) {
      return std::find(s.binaries.begin(), s.binaries.end(), exe) != s.binaries.end();
    });
    for (auto& line : bench::journals_in("/run/schedlab")) round.leftovers.push_back(std::move(line));
    for (auto& line : bench::schedlab_cgroups()) round.leftovers.push_back(std::move(line));
    for (auto& line : bench::changed_sysctls(s.originals)) round.leftovers.push_back(std::move(line));
    if (round.leftovers.empty() || Clock::now() >= deadline) return;
    std::this_thread::sleep_for(milliseconds(100));  // copies die on their parent's death, asynchronously
  }
}

// An unclean round must not spoil the next: the sysctl goes back by hand.
void clean_up(const Soak& s) {
  int status = 0;
  bench::run_capture(s.schedlab + " restore", status);
  std::ofstream(kAutogroupFile) << s.originals.at(kAutogroup);
}

Round run_round(const Soak& s, int runs, std::mt19937_64& rng) {
  Round round;
  const std::string err = fmt::format("/tmp/schedlab-lock-soak-{}.stderr", getpid());
  std::vector<pid_t> pids = {start_run(s, err)};
  if (!wait_for_change(s)) round.leftovers.push_back("the first run never changed autogroup");
  for (int i = 1; i < runs; ++i) pids.push_back(start_run(s, err + std::to_string(i)));
  for (int i = 0; i + 1 < runs; ++i) kill_at_random(pids[static_cast<size_t>(i)], rng, round);
  int status = 0;
  waitpid(pids.back(), &status, 0);
  round.ended.push_back(bench::describe_status(status));
  if (status != 0) round.leftovers.push_back("the last run failed: " + bench::describe_status(status));
  look_for_leftovers(s, round);
  std::remove(err.c_str());
  for (int i = 1; i < runs; ++i) std::remove((err + std::to_string(i)).c_str());
  if (!round.leftovers.empty()) clean_up(s);
  return round;
}

}  // namespace

int main(int argc, char** argv) try {
  if (geteuid() != 0) {
    fmt::print(stderr, "lock_soak: needs root (the runs change kernel.sched_autogroup_enabled)\n");
    return 2;
  }
  const int rounds = argc > 1 ? std::atoi(argv[1]) : 100;
  const std::uint64_t seed = argc > 2 ? std::strtoull(argv[2], nullptr, 10) : std::random_device{}();
  Soak s;
  s.schedlab = bench::schedlab_binary().string();
  s.binaries = {s.schedlab, (bench::schedlab_binary().parent_path() / "schedlab-worker").string()};
  s.originals = {{kAutogroup, bench::read_sysctl(kAutogroup)}};
  if (s.originals.at(kAutogroup).empty()) throw std::runtime_error("lock_soak: cannot read " + std::string(kAutogroup));
  s.other = s.originals.at(kAutogroup) == "1" ? "0" : "1";
  fmt::print("lock_soak: {} rounds, seed {}; {} {} -> {}\n", rounds, seed, kAutogroup, s.originals.at(kAutogroup),
             s.other);
  std::mt19937_64 rng(seed);
  int clean = 0;
  for (int n = 1; n <= rounds; ++n) {
    const int runs = std::uniform_int_distribution<int>(2, 3)(rng);
    const Round r = run_round(s, runs, rng);
    fmt::print("round {:3}  {} runs: {} -> {}\n", n, runs, fmt::join(r.ended, ", "),
               r.leftovers.empty() ? "clean" : "NOT CLEAN");
    for (const auto& l : r.leftovers) fmt::print("      left: {}\n", l);
    std::fflush(stdout);
    clean += r.leftovers.empty();
  }
  fmt::print("{}/{} clean\n", clean, rounds);
  return clean == rounds ? 0 : 1;
} catch (const std::exception& e) {
  fmt::print(stderr, "{}\n", e.what());
  return 2;
}
