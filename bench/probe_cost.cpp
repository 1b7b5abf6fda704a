// What each probe costs each workload it watches, at the scale of the
// workload's seed report — the figures that decide the default selection.
//
// Every probe works on the workload's own time somewhere: per-task perf
// counters are copied into every fork and switched with every task, the
// tracer writes an event per switch, even the edge readers take the CPU for
// a moment beside the copies.  What that costs depends on the workload (a
// fork loop, 516 schbench threads and a pipe ping-pong pay differently), so
// each probe is measured on each workload by interleaved A/B: `schedlab run
// WORKLOAD --vary probes=none,PROBE`, off and on in randomized blocks inside
// one invocation, each block a pair, its ratio on / off of the primary
// metric (off / on where lower is better).  Pairs are added, a round at a
// time, until the interval decides: admitted (median cost <= 1% and the
// upper end of its 95% bootstrap interval <= 2%), refused (the interval's
// lower end above 1%), or left out after the most pairs (undecided).
//
// A probe that did not measure in an "on" run (unavailable, refused a
// counter, lost events) makes that row a failure, not a cost: the figure
// that admitted per-task perf counters to the default (0.24%, 2026-12-02)
// could not be told from a probe that never ran, and the workloads it was
// measured on (spawn, 3 schbench threads) were not the ones that pay.
//
// The four edge probes (proc-stat, proc-counters, psi, schedstat: reads at
// the window's edges) are measured together as one selection, which bounds
// each one's cost; name one to measure it alone.  Then, per workload, the
// probes admitted there together, as the default selection runs them.
//
// Usage: bench/probe_cost [MAX_PAIRS (30)] [PROBE|edges,...|all] [WORKLOAD,...|all]
// Its output ends with the rows of src/probes/measured_cost_table.h.
#include <fmt/format.h>

#include <cstdlib>
#include <ctime>
#include <map>
#include <set>

#include "bench/bench_support.h"
#include "probes/measured_cost.h"
#include "probes/probe.h"
#include "store/result_file.h"
#include "sys/proc_files.h"
#include "workloads/builtin.h"

namespace {

// Each workload at the scale its seed report ran it, the run length, and
// the most pairs (0: MAX_PAIRS from the command line).  A `command` run of
// /bin/true is a millisecond long, so its pairs spread widely and are cheap:
// it takes more of them.
struct Scale {
  const char* workload;
  const char* args;  // after `schedlab run WORKLOAD`
  int seconds;
  int max_pairs = 0;
};

constexpr Scale kScales[] = {
    {"spawn", "--copies auto", 1},                 // UnixBench spawn, copies = CPUs
    {"execl", "--copies auto", 1},                 // UnixBench execl, copies = CPUs
    {"exec", "--cpus 0", 1},                       // shell_bench.sh: /bin/true, pinned
    {"context", "--placement same-cpu", 1},        // context1 on one CPU: the most switches a second
    {"shell", "--copies auto", 2},                 // UnixBench shell8, copies = CPUs
    {"command", "-- /bin/true", 0, 200},           // /usr/bin/time of a command: once per run
    {"wakeup", "-L -m 4 -t 128 -n 0", 2},          // the PSI report's schbench: 516 threads
};
constexpr int kFirstRound = 10, kRound = 5;
const std::string kEdgeProbes = "proc-stat+proc-counters+psi+schedstat";

enum class Decision { kAdmitted, kRefused, kUndecided, kFailed };

const char* to_string(Decision d) {
  switch (d) {
    case Decision::kAdmitted: return "admitted";
    case Decision::kRefused: return "refused";
    case Decision::kUndecided: return "undecided";
    case Decision::kFailed: return "failed";
  }
  return "?";
}

// Per probe of a selection: whether any "on" run recorded a value of it,
// and the first reason a run gave for having none.  A probe that records
// nothing on a workload (schedstat on `command`: no task lives through the
// window) is not admitted there, whatever it costs.
struct Recorded {
  bool any = false;
  std::string why;
};

struct Finding {
  std::string selection, workload;
  bench::RatioSummary ratio;
  Decision decision = Decision::kUndecided;
  std::string failure;
  std::map<std::string, Recorded> recorded;
  double pct() const { return (1 - ratio.median) * 100; }
  double upper_pct() const { return (1 - ratio.low) * 100; }
};

// The probes of a selection ("a+b"), and the metric names each records.
std::vector<std::string> names_in(const std::string& selection) { return schedlab::sys::split(selection, "+"); }

std::set<std::string> metrics_of(const std::string& probe) {
  std::set<std::string> names;
  for (const auto& p : schedlab::builtin_probes())
    if (p->info().name == probe)
      for (const auto& m : p->info().metrics) names.insert(m.name);
  return names;
}

void note_recorded(const schedlab::RunRecord& run, const std::string& selection,
                   std::map<std::string, Recorded>& recorded) {
  const auto unavailable = run.details.value("probes_unavailable", schedlab::ordered_json::object());
  for (const auto& probe : names_in(selection)) {
    auto& r = recorded[probe];
    bool any = false;
    for (const auto& m : metrics_of(probe)) any = any || run.values.get(m).has_value();
    r.any = r.any || any;
    if (!any && r.why.empty())
      r.why = unavailable.contains(probe) ? unavailable[probe].get<std::string>() : "no value recorded";
  }
}

// A probe the set's record says could not run here: no cost to measure.
std::string unavailable_in(const schedlab::ResultSet& set) {
  for (const auto& p : set.probes.value("probes", schedlab::ordered_json::array()))
    if (!p.value("available", true)) return fmt::format("{} unavailable: {}", p.value("name", ""), p.value("reason", ""));
  return "";
}

// One round: `pairs` interleaved blocks; appends each block's ratio and
// notes what each probe recorded.  Returns why the selection could not be
// measured, or "".
std::string run_round(const Scale& s, const std::string& selection, int pairs, std::vector<double>& ratios,
                      std::map<std::string, Recorded>& recorded) {
  const auto file = bench::fs::temp_directory_path() / fmt::format("probe-cost-{}.json", getpid());
  bench::wait_until_quiet(20, 30);
  const std::string length = s.seconds > 0 ? fmt::format("--duration {}s", s.seconds) : "";
  // The workload's arguments last: `command`'s end with its command line.
  bench::run_capture(fmt::format("{} run {} {} --runs {} --vary probes=none,{} --no-store --quiet --force --json {} {}",
                                 bench::schedlab_binary().string(), s.workload, length, pairs, selection,
                                 file.string(), s.args));
  const auto sets = schedlab::read_result_file(file, bench::workloads()).sets;
  bench::fs::remove(file);
  if (auto why = unavailable_in(sets.at(1)); !why.empty()) return why;
  const std::string primary = sets.at(0).workload.primary_metric;
  bool lower_better = false;
  for (const auto& m : sets.at(0).metrics)
    if (m.name == primary) lower_better = m.better == schedlab::Better::kLower;
  std::map<int, double> off;
  for (const auto& run : sets.at(0).runs)
    if (auto v = run.values.get(primary)) off[run.block] = *v;
  for (const auto& run : sets.at(1).runs) {
    note_recorded(run, selection, recorded);
    const auto v = run.values.get(primary);
    if (!v || !off.count(run.block) || off[run.block] <= 0 || *v <= 0) continue;
    ratios.push_back(lower_better ? off[run.block] / *v : *v / off[run.block]);
  }
  return "";
}

Decision decide(const bench::RatioSummary& r) {
  const double pct = (1 - r.median) * 100, upper = (1 - r.low) * 100, lower = (1 - r.high) * 100;
  if (pct <= schedlab::kDefaultCostLimitPct && upper <= schedlab::kDefaultCostUpperLimitPct)
    return Decision::kAdmitted;
  if (lower > schedlab::kDefaultCostLimitPct) return Decision::kRefused;
  return Decision::kUndecided;
}

// Rounds until the interval decides or `max_pairs` are measured.
Finding measure(const Scale& s, const std::string& selection, int max_pairs) {
  Finding f{selection, s.workload, {}, Decision::kUndecided, ""};
  std::vector<double> ratios;
  for (int pairs = std::min(kFirstRound, max_pairs); pairs > 0;
       pairs = std::min(kRound, max_pairs - static_cast<int>(ratios.size()))) {
    f.failure = run_round(s, selection, pairs, ratios, f.recorded);
    if (!f.failure.empty()) {
      f.decision = Decision::kFailed;
      break;
    }
    f.ratio = bench::summarize_ratios(ratios);
    f.decision = decide(f.ratio);
    if (f.decision != Decision::kUndecided) break;
  }
  fmt::print("{:<9} {:<40} {}: {}\n", s.workload, selection, to_string(f.decision),
             f.decision == Decision::kFailed ? f.failure : fmt::format("cost {:.2f}% (upper {:.2f}%), on/off {}",
                                                                       f.pct(), f.upper_pct(),
                                                                       bench::describe(f.ratio)));
  std::fflush(stdout);
  return f;
}

std::string utc_now() {
  const std::time_t now = std::time(nullptr);
  std::tm tm{};
  gmtime_r(&now, &tm);
  char buf[32];
  std::strftime(buf, sizeof buf, "%Y-%m-%d %H:%M UTC", &tm);
  return buf;
}

std::string load_now() {
  const auto f = schedlab::sys::split(schedlab::sys::read_line("/proc/loadavg").value_or(""), " ");
  return f.size() >= 3 ? fmt::format("load average {} {} {}", f[0], f[1], f[2]) : "load average unknown";
}

// The selections to measure: every available probe that works in the
// window alone, the edge probes together (or those named).
std::vector<std::string> selections(const std::string& only) {
  std::vector<std::string> out;
  if (only.empty() || only.find(",edges,") != std::string::npos) out.push_back(kEdgeProbes);
  for (const auto& p : schedlab::builtin_probes()) {
    const std::string& name = p->info().name;
    const bool named = only.find("," + name + ",") != std::string::npos;
    if (!(only.empty() ? p->info().in_window : named)) continue;
    if (auto why = p->unavailable_reason(); !why.empty()) {
      fmt::print("{:<14} unavailable here, not measured: {}\n", name, why);
      continue;
    }
    out.push_back(name);
  }
  return out;
}

// Each probe of an admitted selection is admitted: the selection's cost
// bounds each of its probes'.  The default set measured together is the
// last word: where it was not admitted, each probe that works in the window
// carries the set's figure (the edge probes keep theirs), so the default
// keeps only what was shown cheap together.
const Finding* together_refused(const std::vector<Finding>& findings, const std::string& workload) {
  for (const auto& f : findings)
    if (f.workload == workload && f.selection.rfind("default:", 0) == 0 && f.decision != Decision::kAdmitted)
      return &f;
  return nullptr;
}

void print_rows(const std::vector<Finding>& findings, const std::string& source) {
  fmt::print("\nrows for src/probes/measured_cost_table.h:\ninline constexpr const char* kSource = \"{}\";\n",
             source);
  for (const auto& f : findings) {
    if (f.decision == Decision::kFailed || f.selection.find("default:") == 0) continue;
    const Finding* together = f.selection == kEdgeProbes ? nullptr : together_refused(findings, f.workload);
    const Finding& shown = together ? *together : f;
    for (const auto& probe : names_in(f.selection)) {
      const Recorded& r = f.recorded.at(probe);
      const std::string note = together ? ", with the default set together"
                               : f.selection == probe ? "" : ", with the other edge probes";
      fmt::print("    {{\"{}\", \"{}\", {:.3f}, {:.3f}, {}, \"{:.3f} [{:.3f}, {:.3f}], {:.3f}-{:.3f}{}\", kSource, {}}},\n",
                 probe, f.workload, shown.pct(), shown.upper_pct(), shown.ratio.pairs, shown.ratio.median,
                 shown.ratio.low, shown.ratio.high, shown.ratio.min, shown.ratio.max, note,
                 r.any ? "nullptr" : fmt::format("\"records nothing here: {}\"", r.why));
    }
  }
}

}  // namespace

int main(int argc, char** argv) {
  const int max_pairs = argc > 1 ? std::atoi(argv[1]) : 30;
  if (max_pairs < 1) {
    fmt::print(stderr, "usage: probe_cost [MAX_PAIRS (30)] [PROBE|edges,...|all] [WORKLOAD,...|all]\n");
    return 2;
  }
  auto list_arg = [&](int i) {  // "all" (or absent): every one
    return argc > i && std::string(argv[i]) != "all" ? fmt::format(",{},", argv[i]) : std::string();
  };
  const std::string only = list_arg(2), workloads = list_arg(3);
  const auto registry = schedlab::builtin_workloads();
  for (const auto& w : registry.items()) {  // a new workload needs its seed scale here
    bool known = false;
    for (const auto& s : kScales) known = known || w->info().name == s.workload;
    if (!known) {
      fmt::print(stderr, "probe_cost: no seed scale for workload {}: add it to kScales\n", w->info().name);
      return 1;
    }
  }
  const std::string source = fmt::format("bench/probe_cost {}{}{}, {}, {} at the start", max_pairs,
                                         argc > 2 ? std::string(" ") + argv[2] : "",
                                         argc > 3 ? std::string(" ") + argv[3] : "", utc_now(), load_now());
  fmt::print("probe cost: {}\n", source);
  std::vector<Finding> findings;
  for (const auto& s : kScales) {
    if (!workloads.empty() && workloads.find(fmt::format(",{},", s.workload)) == std::string::npos) continue;
    std::string admitted;
    for (const auto& selection : selections(only)) {
      findings.push_back(measure(s, selection, s.max_pairs > 0 ? s.max_pairs : max_pairs));
      if (findings.back().decision == Decision::kAdmitted) admitted += (admitted.empty() ? "" : "+") + selection;
    }
    // The default selection as it will run: what was admitted, together.
    if (!admitted.empty() && admitted != kEdgeProbes && names_in(admitted).size() > 1) {
      auto together = measure(s, admitted, s.max_pairs > 0 ? s.max_pairs : max_pairs);
      together.selection = "default:" + admitted;
      findings.push_back(together);
    }
  }
  print_rows(findings, fmt::format("{}; {} at the end", source, load_now()));
  return 0;
}
