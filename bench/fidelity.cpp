// Fidelity: schedlab's workloads beside the tools they reproduce, on this
// machine, interleaved pair by pair (the order alternates), each pair
// started on quiet CPUs.  Prints, per figure, the median of the per-pair
// ratios schedlab / reference with a 95% bootstrap interval, as a markdown
// table for docs/fidelity.md.
//
// UnixBench and schbench are not part of schedlab and never vendored: the
// bench builds them from the source trees you point it at (a checkout of
// kdlucas/byte-unixbench's UnixBench/ directory and of masoncl/schbench),
// in a scratch copy that it removes afterwards.
//
// Usage: UB_SRC=.../byte-unixbench/UnixBench SCHBENCH_SRC=.../schbench \
//          bench/fidelity [PAIRS (10)] [SECONDS (10)] [CASE,...]
//   cases: spawn, spawn2, execl, context1, shell8, schbench, schbench-s0,
//          schbench-m4, schbench-m4-s0 (-m 4 -t 128: the PSI report's scale,
//          516 workers; on a small machine far more threads than CPUs)
#include <fmt/format.h>
#include <unistd.h>

#include <chrono>
#include <cstdlib>
#include <functional>
#include <map>
#include <thread>

#include "bench/bench_support.h"
#include "sys/proc_files.h"

namespace {

using Figures = std::map<std::string, double>;

// A scratch copy of a source tree, built with make, removed on destruction.
class Build {
 public:
  Build(const char* env, const std::string& what) {
    const char* src = std::getenv(env);
    if (!src) return;
    char tmpl[] = "/tmp/schedlab-fidelity-XXXXXX";
    dir_ = mkdtemp(tmpl);
    bench::run_capture(fmt::format("cp -r '{}' '{}/src' && make -C '{}/src' -j2", src, dir_, dir_));
    fmt::print("built {} from {} in {}\n", what, src, dir_);
  }
  ~Build() {
    std::error_code ec;
    if (!dir_.empty()) bench::fs::remove_all(dir_, ec);
  }
  Build(const Build&) = delete;
  Build& operator=(const Build&) = delete;
  bool ready() const { return !dir_.empty(); }
  std::string path(const std::string& rel) const { return dir_ + "/src/" + rel; }

 private:
  std::string dir_;
};

double seconds_since(std::chrono::steady_clock::time_point t) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - t).count();
}

// One UnixBench program per copy, started together, timed from start to
// EOF of its output as UnixBench's Run does; its score is the sum of the
// copies' COUNTs (times the time base) over their mean elapsed time.
double unixbench(const std::string& command, int copies) {
  std::vector<double> counts(static_cast<size_t>(copies)), elapsed(counts.size());
  double base = 1;
  std::vector<std::thread> threads;
  for (int i = 0; i < copies; ++i)
    threads.emplace_back([&, i] {
      const auto start = std::chrono::steady_clock::now();
      const std::string out = bench::run_capture(command);
      elapsed[static_cast<size_t>(i)] = seconds_since(start);
      for (const auto& line : schedlab::sys::split(out, "\n")) {
        const auto f = schedlab::sys::split(line, "|");
        if (f.size() >= 3 && f[0] == "COUNT") {
          counts[static_cast<size_t>(i)] = std::atof(f[1].c_str());
          base = std::atof(f[2].c_str());
        }
      }
    });
  for (auto& t : threads) t.join();
  double count = 0, time = 0;
  for (size_t i = 0; i < counts.size(); ++i) count += counts[i], time += elapsed[i];
  return count * base / (time / copies);
}

// schbench's final report: average rps and the last Wakeup block.
Figures schbench(const std::string& command) {
  Figures f;
  bool wakeup = false;
  for (const auto& line : schedlab::sys::split(bench::run_capture(command), "\n")) {
    if (line.rfind("Wakeup Latencies", 0) == 0) wakeup = true;
    else if (line.rfind("Request Latencies", 0) == 0 || line.rfind("RPS", 0) == 0) wakeup = false;
    for (const char* p : {"50.0th:", "90.0th:", "99.0th:"})
      if (wakeup && line.find(p) != std::string::npos)
        f[fmt::format("wakeup p{}", std::string(p).substr(0, 2))] = std::atof(line.c_str() + line.find(':') + 1);
    if (line.rfind("average rps:", 0) == 0) f["rps"] = std::atof(line.c_str() + 12);
  }
  return f;
}

Figures from_schedlab(const std::string& args, const std::map<std::string, std::string>& names) {
  const auto v = bench::schedlab_run(args);
  Figures f;
  for (const auto& [figure, metric] : names) f[figure] = *v.get(metric);
  return f;
}

struct Case {
  std::string name, reference_tool;
  std::function<Figures()> reference, ours;
};

std::vector<Case> cases(const Build& ub, const Build& sb, int seconds) {
  const std::string pgms = ub.path("pgms"), testdir = ub.path("testdir"), d = std::to_string(seconds);
  const std::string schbench_bin = sb.path("schbench");
  const std::string cpu = std::to_string(sysconf(_SC_NPROCESSORS_ONLN) - 1);
  const std::string ub_env = fmt::format("UB_BINDIR='{}' LANG=en_US.utf8 ", pgms);
  auto lps = [](const std::string& args) { return [args] { return from_schedlab(args, {{"lps", "lps"}}); }; };
  std::vector<Case> out;
  if (ub.ready()) {
    out.push_back({"spawn", "UnixBench spawn, 1 copy pinned",
                   [=] { return Figures{{"lps", unixbench(fmt::format("taskset -c {} {}/spawn {}", cpu, pgms, d), 1)}}; },
                   lps(fmt::format("spawn --cpus {} --duration {}", cpu, d))});
    out.push_back({"spawn2", "UnixBench spawn, 2 copies",
                   [=] { return Figures{{"lps", unixbench(fmt::format("{}/spawn {}", pgms, d), 2)}}; },
                   lps(fmt::format("spawn --copies 2 --duration {}", d))});
    out.push_back({"execl", "UnixBench execl",
                   [=] { return Figures{{"lps", unixbench(fmt::format("{}{}/execl {}", ub_env, pgms, d), 1)}}; },
                   lps(fmt::format("execl --duration {}", d))});
    out.push_back({"context1", "UnixBench context1",
                   [=] { return Figures{{"lps", unixbench(fmt::format("{}/context1 {}", pgms, d), 1)}}; },
                   lps(fmt::format("context --duration {}", d))});
    out.push_back({"shell8", "UnixBench shell8",
                   [=] {
                     return Figures{{"lpm", unixbench(fmt::format("cd '{}' && {}{}/looper {} {}/multi.sh 8",
                                                                  testdir, ub_env, pgms, d, pgms), 1)}};
                   },
                   [=] { return from_schedlab(fmt::format("shell --concurrent 8 --duration {}", d), {{"lpm", "lpm"}}); }});
  }
  if (sb.ready()) {
    const std::map<std::string, std::string> names = {
        {"rps", "rps"}, {"wakeup p50", "wakeup_p50_us"}, {"wakeup p90", "wakeup_p90_us"}, {"wakeup p99", "wakeup_p99_us"}};
    // -m 1 -M auto -t 2: one message thread pinned; -m 4 -t 128: the LKML
    // PSI report's scale (its -M auto needs 4 CPUs; unpinned here).
    const std::pair<std::string, std::string> scales[] = {{"schbench", "-L -m 1 -M auto -t 2 -n 0"},
                                                          {"schbench-m4", "-L -m 4 -t 128 -n 0"}};
    for (const auto& [name, base] : scales)
      for (const std::string extra : {"", " -s 0"}) {
        const std::string opts = base + extra;
        out.push_back({name + (extra.empty() ? "" : "-s0"), "schbench " + opts,
                       [=] { return schbench(fmt::format("{} {} -r {}", schbench_bin, opts, d)); },
                       [=] { return from_schedlab(fmt::format("wakeup {} --schbench-compat --duration {}", opts, d), names); }});
      }
  }
  return out;
}

// Pairs of one case, alternating which side runs first; ratio = ours / theirs.
std::map<std::string, std::vector<double>> measure(const Case& c, int pairs) {
  std::map<std::string, std::vector<double>> ratios;
  for (int p = 0; p < pairs; ++p) {
    if (!bench::wait_until_quiet()) fmt::print("  (the machine stayed busy; measuring anyway)\n");
    Figures theirs, ours;
    if (p % 2 == 0) theirs = c.reference(), ours = c.ours();
    else ours = c.ours(), theirs = c.reference();
    std::string line = fmt::format("  {} pair {}:", c.name, p + 1);
    for (const auto& [figure, value] : theirs) {
      ratios[figure].push_back(ours.at(figure) / value);
      line += fmt::format("  {} {:.1f} vs {:.1f}", figure, ours.at(figure), value);
    }
    fmt::print("{}\n", line);
    std::fflush(stdout);
  }
  return ratios;
}

}  // namespace

int main(int argc, char** argv) {
  const int pairs = argc > 1 ? std::atoi(argv[1]) : 10, seconds = argc > 2 ? std::atoi(argv[2]) : 10;
  const std::string only = argc > 3 ? argv[3] : "";
  const Build ub("UB_SRC", "UnixBench"), sb("SCHBENCH_SRC", "schbench");
  if (!ub.ready() && !sb.ready()) {
    fmt::print(stderr, "skipped: set UB_SRC (byte-unixbench's UnixBench/) and/or SCHBENCH_SRC (schbench)\n");
    return 2;
  }
  std::string table = "| case | figure | schedlab / reference: median [95% CI] (min, max, pairs) |\n|---|---|---|\n";
  for (const auto& c : cases(ub, sb, seconds)) {
    if (!only.empty() && ("," + only + ",").find("," + c.name + ",") == std::string::npos) continue;
    fmt::print("{} ({}), {} pairs of {} s\n", c.name, c.reference_tool, pairs, seconds);
    for (const auto& [figure, ratios] : measure(c, pairs))
      table += fmt::format("| {} | {} | {} |\n", c.reference_tool, figure,
                           bench::describe(bench::summarize_ratios(ratios)));
  }
  fmt::print("\n{}", table);
  return 0;
}
