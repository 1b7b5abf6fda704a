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
// It ends by printing its findings as rows of the table in
// src/probes/measured_cost.cpp (with the date, the pairs, the intervals and
// the machine's load), to be pasted there and into docs/probes.md.  Fewer
// than 10 pairs is a check that the bench works, not a figure: it says so.
// The profile probe is measured at its default frequency and, when asked,
// at other --profile-freq values (HZ,...): how its default was chosen.
//
// Usage: bench/probe_cost [PAIRS (10)] [SECONDS per run (2)] [PROBE,... (every one)] [HZ,... (none)]
#include <fmt/format.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cstdlib>
#include <ctime>
#include <map>

#include "bench/bench_support.h"
#include "probes/measured_cost.h"
#include "probes/probe.h"
#include "store/result_file.h"
#include "scenario/journal.h"
#include "sys/proc_files.h"
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
constexpr int kMinPairs = 10;

// One probe's finding, as a row of src/probes/measured_cost.cpp.
struct Row {
  std::string probe, how, spread;
  double pct = 0;
};

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

bench::RatioSummary measure(const Workload& w, const std::string& probes, int pairs, int seconds,
                            const std::string& extra) {
  const auto file = bench::fs::temp_directory_path() / fmt::format("probe-cost-{}.json", getpid());
  bench::wait_until_quiet(20, 30);
  bench::run_capture(fmt::format("{} run {} --duration {}s --runs {} --vary probes=none,{} {} --no-store --quiet "
                                 "--json {}",
                                 bench::schedlab_binary().string(), w.args, seconds, pairs, probes, extra,
                                 file.string()));
  auto ratios = block_ratios(file, w.metric);
  bench::fs::remove(file);
  return bench::summarize_ratios(ratios);
}

// Both workloads, A/B; the worse cost in percent, and what each read.
// `extra` are run options for the probe ("--profile-freq 4000").
Row measure_in_window(const std::string& probe, int pairs, int seconds, const std::string& extra = "") {
  const std::string shown = extra.empty() ? probe : probe + " " + extra;
  Row row{shown, "A/B", "on/off", 0};
  for (const auto& w : kWorkloads) {
    const auto s = measure(w, probe, pairs, seconds, extra);
    row.pct = std::max(row.pct, (1 - s.median) * 100);
    row.spread += fmt::format("{} {} {:.3f} [{:.3f}, {:.3f}]", &w == kWorkloads ? "" : ",", w.name, s.median,
                              s.low, s.high);
    fmt::print("{:<14} {:<7} on/off {}\n", shown, w.name, bench::describe(s));
    std::fflush(stdout);
  }
  fmt::print("{:<14} cost {:.2f}% (A/B, the worse of the two)\n", shown, row.pct);
  return row;
}

// The median time of begin() + end() with the probe attached to this
// process; the cost in percent of a default window.
Row measure_edges(schedlab::Probe& probe, schedlab::Journal& journal) {
  schedlab::ProbeContext context;
  context.copies = {getpid()};
  context.tasks = schedlab::sys::task_tree_tids(context.copies);
  context.journal = &journal;
  context.run_tag = fmt::format("{}-1", getpid());
  if (auto why = probe.attach(context); !why.empty()) {
    fmt::print("{:<14} cannot attach: {}\n", probe.info().name, why);
    return {probe.info().name, "edges", "cannot attach: " + why, 100};
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
  return {probe.info().name, "edges", fmt::format("{:.1f} us per run", us[100]), pct};
}

std::string utc_now() {
  const std::time_t now = std::time(nullptr);
  std::tm tm{};
  gmtime_r(&now, &tm);
  char buf[32];
  std::strftime(buf, sizeof buf, "%Y-%m-%d %H:%M UTC", &tm);
  return buf;
}

// The rows, ready for src/probes/measured_cost.cpp.
void print_rows(const std::vector<Row>& rows, const std::string& command, const std::string& date, int pairs,
                const std::string& conditions) {
  fmt::print("\nrows for src/probes/measured_cost.cpp{}:\n",
             pairs < kMinPairs ? fmt::format(" (ONLY {} PAIRS: a check of the bench, not a figure)", pairs) : "");
  for (const auto& r : rows)
    fmt::print("    {{\"{}\", {:.6g}, \"{}\", \"{}\", \"{}\", {}, \"{}\",\n     \"{}\"}},\n", r.probe, r.pct, r.how,
               command, date, r.how == "A/B" ? pairs : 0, r.spread, conditions);
}

// The 1-, 5- and 15-minute load averages now, for the record.
std::string load_now() {
  const auto text = schedlab::sys::read_line("/proc/loadavg").value_or("");
  const auto f = schedlab::sys::split(text, " ");
  return f.size() >= 3 ? fmt::format("load average {} {} {}", f[0], f[1], f[2]) : "load average unknown";
}

}  // namespace

int main(int argc, char** argv) {
  const int pairs = argc > 1 ? std::atoi(argv[1]) : kMinPairs;
  const int seconds = argc > 2 ? std::atoi(argv[2]) : 2;
  if (pairs < 1 || seconds < 1) {
    fmt::print(stderr, "usage: probe_cost [PAIRS (10)] [SECONDS per run (2)] [PROBE,...] [HZ,...]\n");
    return 2;
  }
  const std::string only = argc > 3 ? std::string(",") + argv[3] + "," : "";
  // --profile-freq values measured beside the default (e.g. 4000,499).
  const auto frequencies = argc > 4 ? schedlab::sys::split(argv[4], ",") : std::vector<std::string>{};
  const std::string command =
      fmt::format("bench/probe_cost {} {}{}{}", pairs, seconds, argc > 3 ? std::string(" ") + argv[3] : "",
                  argc > 4 ? std::string(" ") + argv[4] : "");
  const std::string date = utc_now(), load_before = load_now();
  fmt::print("probe cost: edge reads timed in-process; in-window probes by {} interleaved off/on pairs of "
             "{}s runs per workload (ratio = on / off); {} at the start\n", pairs, seconds, load_before);
  if (pairs < kMinPairs) fmt::print("only {} pairs: a check that the bench works, not a figure\n", pairs);
  const auto dir = bench::fs::temp_directory_path() / fmt::format("probe-cost-journal-{}", getpid());
  std::vector<Row> rows;
  std::string cheap;  // the probes measured at <= 1%: the default selection
  {
    schedlab::Journal journal(dir.string());
    for (const auto& p : schedlab::builtin_probes()) {
      if (!only.empty() && only.find("," + p->info().name + ",") == std::string::npos) continue;
      if (auto why = p->unavailable_reason(); !why.empty()) {
        fmt::print("{:<14} unavailable here: {}\n", p->info().name, why);
        continue;
      }
      rows.push_back(p->info().in_window ? measure_in_window(p->info().name, pairs, seconds)
                                         : measure_edges(*p, journal));
      if (rows.back().pct <= schedlab::kDefaultCostLimitPct) cheap += (cheap.empty() ? "" : "+") + p->info().name;
      if (p->info().name == "profile")
        for (const auto& hz : frequencies)
          rows.push_back(measure_in_window(p->info().name, pairs, seconds, fmt::format("--profile-freq {}", hz)));
    }
  }
  bench::fs::remove_all(dir);
  if (!cheap.empty()) {
    fmt::print("the probes at <= {}% together: {}\n", schedlab::kDefaultCostLimitPct, cheap);
    measure_in_window(cheap, pairs, seconds);
  }
  print_rows(rows, command, date, pairs, load_before + " at the start, " + load_now() + " at the end");
  return 0;
}
