// Soak: schedlab interrupted at any moment leaves nothing behind.
//
// CASES (100) runs of
//   schedlab run spawn --autogroup off --cgroup-depth 3 --sysctl KEY=VALUE --duration 2 --runs 3
// each get SIGINT, SIGTERM or SIGKILL at a random moment (seeded): a third
// of them within 300 ms of the start, half of those within 30 ms, while the
// journal, the cgroup chain and the sysctls are being set up, the rest
// anywhere up to 6 s (the windows, the gaps between runs, the last
// teardown; a run takes about 6.3 s here).  After a SIGKILL `schedlab
// restore` runs, as a user would.  Then nothing may be left: no process of
// this build's schedlab or schedlab-worker, no cgroup schedlab-<pid> in any
// hierarchy, no journal <pid>.json, and autogroup and KEY at their values
// from before.  Prints a line per case, the details of every unclean one,
// and "N/CASES clean"; exits 1 unless every case was clean.
//
// KEY is kernel.sched_cfs_bandwidth_slice_us, set to a value other than its
// own: a scheduler sysctl every kernel since 3.16 has in /proc/sys
// (sched_migration_cost_ns moved to debugfs in 5.13), harmless to change.
//
// Needs root.  Runs of other schedlab builds change the same sysctls: each
// case first waits (up to a minute) until none is running, and their cgroups
// and journals are shown as foreign, not counted.
//
// Usage: bench/soak [CASES (100)] [SEED (random; printed)]
#include <fmt/format.h>
#include <fmt/ranges.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <map>
#include <optional>
#include <random>
#include <thread>

#include "bench/bench_support.h"
#include "bench/leftovers.h"
#include "sys/proc_files.h"

namespace {

using Clock = std::chrono::steady_clock;
using std::chrono::milliseconds;

constexpr const char* kAutogroup = "kernel.sched_autogroup_enabled";
constexpr const char* kSysctl = "kernel.sched_cfs_bandwidth_slice_us";
constexpr const char* kJournalDir = "/run/schedlab";

struct Plan {
  int signal = SIGINT;
  milliseconds moment{0};  // after the start
};

struct Outcome {
  pid_t pid = 0;
  bool interrupted = false;            // the signal reached a running schedlab
  std::string at_signal;               // what of its changes existed then
  std::string ended;                   // "exit 143", "killed by SIGKILL", ...
  std::string restore;                 // what `schedlab restore` said, after SIGKILL
  std::vector<std::string> leftovers;  // this run's: the case is clean when empty
  std::vector<std::string> foreign;    // other runs', shown only
  std::string stderr_text;             // kept for unclean cases
};

Plan plan_case(std::mt19937_64& rng) {
  static constexpr int kSignals[] = {SIGINT, SIGTERM, SIGKILL};
  const auto pick = [&](int low, int high) { return std::uniform_int_distribution<int>(low, high)(rng); };
  Plan p;
  p.signal = kSignals[pick(0, 2)];
  // One in six within 30 ms (schedlab still parsing, collecting the
  // environment, writing the journal, creating the chain), one in six in
  // the rest of the first 300 ms, the others anywhere later.
  const int when = pick(0, 5);
  p.moment = milliseconds(when == 0 ? pick(0, 30) : when == 1 ? pick(30, 300) : pick(300, 6000));
  return p;
}

bool exists(const std::string& path) {
  struct stat st;
  return stat(path.c_str(), &st) == 0;
}

// Which of the run's changes were in place when the signal went.
std::string changes_in_place(pid_t pid, const std::string& original_autogroup) {
  std::vector<std::string> seen;
  if (exists(fmt::format("{}/{}.json", kJournalDir, pid))) seen.push_back("journal");
  for (const char* root : {"/sys/fs/cgroup/unified", "/sys/fs/cgroup/cpu", "/sys/fs/cgroup"})
    if (exists(fmt::format("{}/schedlab-{}", root, pid))) {
      seen.push_back("chain");
      break;
    }
  if (bench::read_sysctl(kAutogroup) != original_autogroup) seen.push_back("autogroup off");
  return seen.empty() ? "nothing yet" : fmt::format("{}", fmt::join(seen, ", "));
}

// Splits cgroups and journals into this run's (named after its pid) and
// other runs'.
void sort_by_owner(const std::vector<std::string>& found, pid_t pid, Outcome& o) {
  const std::string chain = fmt::format("/schedlab-{}", pid), journal = fmt::format("/{}.json", pid);
  for (const auto& line : found) {
    const bool ours = line.find(journal) != std::string::npos || line.ends_with(chain) ||
                      line.find(chain + "/") != std::string::npos;
    (ours ? o.leftovers : o.foreign).push_back(line);
  }
}

void look_for_leftovers(pid_t pid, const std::vector<std::string>& binaries,
                        const std::map<std::string, std::string>& originals, Outcome& o) {
  o.leftovers = bench::processes_where(
      [&](const std::string& exe) { return std::find(binaries.begin(), binaries.end(), exe) != binaries.end(); });
  o.foreign.clear();
  sort_by_owner(bench::schedlab_cgroups(), pid, o);
  sort_by_owner(bench::journals_in(kJournalDir), pid, o);
  for (auto& line : bench::changed_sysctls(originals)) o.leftovers.push_back(std::move(line));
}

std::string summarize_restore(const std::string& schedlab) {
  int status = 0;
  const std::string out = bench::run_capture(schedlab + " restore", status);
  int undone = 0, failed = 0;
  for (const auto& line : schedlab::sys::split(out, "\n")) {
    undone += line.find("undone:") != std::string::npos;
    failed += line.find("NOT restored") != std::string::npos;
  }
  if (status == 0 && undone == 0) return "restore: nothing to restore";
  return fmt::format("restore: exit {}, {} undone, {} not restored", status, undone, failed);
}

struct Soak {
  std::string schedlab;
  std::vector<std::string> binaries;  // this build's schedlab and schedlab-worker
  std::map<std::string, std::string> originals;
  std::string value;  // what the runs set kSysctl to
};

// Other builds' schedlab runs change the same sysctls; wait for them to end.
void wait_for_other_runs(const Soak& s) {
  const auto deadline = Clock::now() + std::chrono::minutes(1);
  const auto other = [&](const std::string& exe) {
    return exe.ends_with("/schedlab") && exe != s.schedlab;
  };
  while (!bench::processes_where(other).empty() && Clock::now() < deadline)
    std::this_thread::sleep_for(milliseconds(200));
}

Outcome run_case(const Soak& s, const Plan& plan) {
  wait_for_other_runs(s);
  Outcome o;
  const std::string err = fmt::format("/tmp/schedlab-soak-{}.stderr", getpid());
  const auto started = Clock::now();
  o.pid = bench::start_schedlab({s.schedlab, "run", "spawn", "--autogroup", "off", "--cgroup-depth", "3", "--sysctl",
                 fmt::format("{}={}", kSysctl, s.value), "--duration", "2", "--runs", "3", "--quiet"},
                err);
  std::optional<int> status = bench::ended_before(o.pid, started + plan.moment);
  o.interrupted = !status;
  if (!status) {
    o.at_signal = changes_in_place(o.pid, s.originals.at(kAutogroup));
    kill(o.pid, plan.signal);
    int st = 0;
    waitpid(o.pid, &st, 0);
    status = st;
  }
  o.ended = bench::describe_status(*status);
  if (o.interrupted && plan.signal == SIGKILL) o.restore = summarize_restore(s.schedlab);
  // Copies die on their parent's death signal, asynchronously: give them a
  // moment before calling anything left over.
  for (const auto deadline = Clock::now() + std::chrono::seconds(5);;) {
    look_for_leftovers(o.pid, s.binaries, s.originals, o);
    if (o.leftovers.empty() || Clock::now() >= deadline) break;
    std::this_thread::sleep_for(milliseconds(100));
  }
  if (!o.leftovers.empty()) o.stderr_text = schedlab::sys::read_text(err).value_or("");
  std::remove(err.c_str());
  return o;
}

void print_case(int n, const Plan& plan, const Outcome& o) {
  std::string line = fmt::format("case {:3}  SIG{:<4} at {:4} ms", n, sigabbrev_np(plan.signal), plan.moment.count());
  line += o.interrupted ? fmt::format(" [{}]: {}", o.at_signal, o.ended)
                        : fmt::format(": ended by itself first ({})", o.ended);
  if (!o.restore.empty()) line += "; " + o.restore;
  fmt::print("{} -> {}\n", line, o.leftovers.empty() ? "clean" : "NOT CLEAN");
  for (const auto& l : o.leftovers) fmt::print("      left: {}\n", l);
  for (const auto& l : o.foreign) fmt::print("      (another run's: {})\n", l);
  if (!o.leftovers.empty() && !o.stderr_text.empty()) fmt::print("      its stderr:\n{}", o.stderr_text);
  std::fflush(stdout);
}

Soak make_soak() {
  Soak s;
  s.schedlab = bench::schedlab_binary().string();
  s.binaries = {s.schedlab, (bench::schedlab_binary().parent_path() / "schedlab-worker").string()};
  s.originals = {{kAutogroup, bench::read_sysctl(kAutogroup)}, {kSysctl, bench::read_sysctl(kSysctl)}};
  for (const auto& [key, value] : s.originals)
    if (value.empty()) throw std::runtime_error(fmt::format("soak: cannot read {}", key));
  s.value = s.originals.at(kSysctl) == "4000" ? "6000" : "4000";
  return s;
}

}  // namespace

int main(int argc, char** argv) try {
  if (geteuid() != 0) {
    fmt::print(stderr, "soak: needs root (the runs change sysctls and cgroups)\n");
    return 2;
  }
  const int cases = argc > 1 ? std::atoi(argv[1]) : 100;
  const std::uint64_t seed = argc > 2 ? std::strtoull(argv[2], nullptr, 10) : std::random_device{}();
  const Soak s = make_soak();
  Outcome before;  // pid 0: every cgroup and journal counts as another run's
  look_for_leftovers(0, s.binaries, s.originals, before);
  if (!before.leftovers.empty()) {
    fmt::print(stderr, "soak: not clean before the first case ({}); end those runs or run `schedlab restore`\n",
               fmt::join(before.leftovers, "; "));
    return 2;
  }
  fmt::print("soak: {} cases, seed {}; {} {} -> {}, {} {} -> 0\n", cases, seed, kSysctl,
             s.originals.at(kSysctl), s.value, kAutogroup, s.originals.at(kAutogroup));
  std::mt19937_64 rng(seed);
  int clean = 0, interrupted = 0;
  for (int n = 1; n <= cases; ++n) {
    const Plan plan = plan_case(rng);
    const Outcome o = run_case(s, plan);
    print_case(n, plan, o);
    clean += o.leftovers.empty();
    interrupted += o.interrupted;
  }
  fmt::print("{}/{} clean ({} interrupted while running, {} ended before their signal)\n", clean, cases,
             interrupted, cases - interrupted);
  return clean == cases ? 0 : 1;
} catch (const std::exception& e) {
  fmt::print(stderr, "{}\n", e.what());
  return 2;
}
