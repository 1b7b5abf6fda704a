// What each probe costs the workload it watches.
//
// A probe that only reads at the window's edges adds nothing inside the
// window but those reads: their time is measured here directly (the probe
// attached to this process, begin() + end() timed 200 times, the median)
// and given as a share of the default 10 s window.  A probe that works
// while the window is open (perf counters counting in the kernel, the
// tracer and its drain thread) is measured by interleaved A/B:
// `schedlab run WORKLOAD --vary probes=none,PROBE --runs PAIRS`, so off and
// on runs alternate in randomized blocks inside one invocation; each block
// is a pair, its ratio on / off of the primary metric (lps for spawn, rps
// for wakeup); the median of the ratios with its 95% bootstrap interval, and
// the cost in percent (1 - median), the worse of the two workloads.  Then
// the probes found at <= 1% together, A/B, as the default selection is.
// The figures go into docs/probes.md and src/probes/measured_cost.cpp.
//
// Usage: bench/probe_cost [PAIRS (10)] [SECONDS per run (2)]
#include <fmt/format.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cstdlib>
#include <map>

#include "bench/bench_support.h"
#include "probes/measured_cost.h"
#include "probes/probe.h"
#include "store/result_file.h"
#include "scenario/journal.h"
#include "sys/task_tree.h"

namespace {

struct Workload {
  const char* name;
  const char* args;    // after `schedlab run`
  const char* metric;  // primary, higher is better
};

constexpr Workload kWorkloads[] = {{"spawn", "spawn --copies auto", "lps"},
                                   {"wakeup", "wakeup -m 1 -t 2", "rps"}};
constexpr double kDefaultWindowUs = 10e6;

// The per-block ratios on / off of `metric` in a --vary probes=none,X file.
std::vector<double> block_ratios(const std::string& file, const std::string& metric) {
  const auto sets = schedlab::read_result_file(file).sets;
  std::map<int, double> off;
  for (const auto& run : sets.at(0).runs)
    if (auto v = run.values.get(metric)) off[run.block] = *v;
  std::vector<double> ratios;
  for (const auto& run : sets.at(1).runs)
    if (auto v = run.values.get(metric); v && off.count(run.block) && off[run.block] > 0)
      ratios.push_back(*v / off[run.block]);
  return ratios;
}

bench::RatioSummary measure(const Workload& w, const std::string& probes, int pairs, int seconds) {
  const auto file = bench::fs::temp_directory_path() / fmt::format("probe-cost-{}.json", getpid());
  bench::wait_until_quiet(20, 30);
  bench::run_capture(fmt::format("{} run {} --duration {}s --runs {} --vary probes=none,{} --no-store --quiet "
                                 "--json {}",
                                 bench::schedlab_binary().string(), w.args, seconds, pairs, probes,
                                 file.string()));
  auto ratios = block_ratios(file, w.metric);
  bench::fs::remove(file);
  return bench::summarize_ratios(ratios);
}

// Both workloads, A/B; returns the worse cost in percent.
double measure_in_window(const std::string& probe, int pairs, int seconds) {
  double worst = 0;
  for (const auto& w : kWorkloads) {
    const auto s = measure(w, probe, pairs, seconds);
    worst = std::max(worst, (1 - s.median) * 100);
    fmt::print("{:<14} {:<7} on/off {}\n", probe, w.name, bench::describe(s));
    std::fflush(stdout);
  }
  fmt::print("{:<14} cost {:.2f}% (A/B, the worse of the two)\n", probe, worst);
  return worst;
}

// The median time of begin() + end() with the probe attached to this
// process; returns the cost in percent of a default window.
double measure_edges(schedlab::Probe& probe, schedlab::Journal& journal) {
  schedlab::ProbeContext context;
  context.copies = {getpid()};
  context.tasks = schedlab::sys::task_tree_tids(context.copies);
  context.journal = &journal;
  context.run_tag = fmt::format("{}-1", getpid());
  if (auto why = probe.attach(context); !why.empty()) {
    fmt::print("{:<14} cannot attach: {}\n", probe.info().name, why);
    return 100;
  }
  std::vector<double> us;
  for (int i = 0; i < 200; ++i) {
    const auto t0 = std::chrono::steady_clock::now();
    probe.begin();
    probe.end();
    us.push_back(std::chrono::duration<double, std::micro>(std::chrono::steady_clock::now() - t0).count());
  }
  probe.detach();
  std::nth_element(us.begin(), us.begin() + 100, us.end());
  const double pct = us[100] / kDefaultWindowUs * 100;
  fmt::print("{:<14} edges {:.1f} us per run (median of 200) = {:.5f}% of a 10 s window\n", probe.info().name,
             us[100], pct);
  return pct;
}

}  // namespace

int main(int argc, char** argv) {
  const int pairs = argc > 1 ? std::atoi(argv[1]) : 10;
  const int seconds = argc > 2 ? std::atoi(argv[2]) : 2;
  fmt::print("probe cost: edge reads timed in-process; in-window probes by {} interleaved off/on pairs of "
             "{}s runs per workload (ratio = on / off)\n", pairs, seconds);
  const auto dir = bench::fs::temp_directory_path() / fmt::format("probe-cost-journal-{}", getpid());
  std::string cheap;  // the probes measured at <= 1%: the default selection
  {
    schedlab::Journal journal(dir.string());
    for (const auto& p : schedlab::builtin_probes()) {
      if (auto why = p->unavailable_reason(); !why.empty()) {
        fmt::print("{:<14} unavailable here: {}\n", p->info().name, why);
        continue;
      }
      const double cost = p->info().in_window ? measure_in_window(p->info().name, pairs, seconds)
                                              : measure_edges(*p, journal);
      if (cost <= schedlab::kDefaultCostLimitPct) cheap += (cheap.empty() ? "" : "+") + p->info().name;
    }
  }
  bench::fs::remove_all(dir);
  if (!cheap.empty()) {
    fmt::print("the probes at <= {}% together: {}\n", schedlab::kDefaultCostLimitPct, cheap);
    measure_in_window(cheap, pairs, seconds);
  }
  return 0;
}
