#include "runner/measure_run.h"

#include <fmt/format.h>
#include <unistd.h>

#include <algorithm>
#include <cstring>
#include <numeric>
#include <optional>
#include <system_error>
#include <thread>

#include "core/cpu_list.h"
#include "core/duration.h"
#include "core/error.h"
#include "runner/copy_metrics.h"
#include "runner/machine_load.h"
#include "runner/rate_sampler.h"
#include "runner/sentinel.h"
#include "stats/sentinel_tracking.h"
#include "runner/work_sentinel.h"
#include "scenario/applied_scenario.h"
#include "spec/run_option_table.h"
#include "sys/affinity.h"
#include "sys/realtime_timing.h"
#include "sys/task_tree.h"

namespace schedlab {
namespace {

constexpr std::uint64_t kSecondNs = 1'000'000'000;

double span_s(std::uint64_t begin, std::uint64_t end) {
  return end > begin ? static_cast<double>(end - begin) / 1e9 : 0;
}

// The timed part's length: warmup and window (0 when loops bound the run).
double timed_length_s(const RunSetup& s) {
  return s.stop.window ? to_seconds(s.options().warmup) + to_seconds(*s.stop.window) : 0;
}


CopyGroupSpec group_spec(const RunContext& c, const CopySettings& settings,
                         const RunResources& resources) {
  const RunSetup& s = c.setup;
  CopyGroupSpec spec;
  spec.settings = &settings;
  spec.signal_at_stop = s.workload().info().signal_at_stop;
  spec.worker_path = s.worker_path;
  spec.placements = s.plan.placements;
  spec.set_affinity = s.plan.set_affinity;
  spec.stop = s.stop.plan();
  spec.counters = s.workload().loop_counters(s.spec.params);
  for (const auto& p : s.plan.placements)
    spec.args.push_back(s.workload().worker_args(s.spec.params, p, resources));
  return spec;
}

// The window's edges as the harness saw them.
struct WindowEdge {
  std::uint64_t t = 0;
  std::vector<std::uint64_t> loops;  // every copy's counter
  // For the machine-load check, read together at this edge (at `load_t`,
  // next to `t`): the CPU set's ticks and the CPU the copies' process trees
  // have used so far.
  std::uint64_t load_t = 0;
  double copies_cpu_s = 0;
  sys::ProcStat stat;
  std::vector<double> per_second;    // (the end) loops per second of all copies
  double stopped_s = 0;              // (the end) from the close until every copy was gone
};


std::uint64_t sum(const std::vector<std::uint64_t>& xs) {
  return std::accumulate(xs.begin(), xs.end(), std::uint64_t{0});
}

// Waits for the window's end, sampling every copy's counters about each
// second (the per-second rate schbench reports, here for every workload).
void sample_window(const RunContext& c, CopyGroup& group, const WindowEdge& start, std::uint64_t end_ns,
                   std::vector<double>& per_second) {
  RateSampler sampler(start.t, sum(start.loops));
  const double warmup_s = to_seconds(c.setup.options().warmup);
  while (sampler.next_due() <= end_ns) {
    group.wait_until(sampler.next_due());
    const std::uint64_t now = monotonic_ns();
    sampler.add(now, sum(group.snapshot()));
    c.tick(warmup_s + span_s(start.t, now), timed_length_s(c.setup));
  }
  group.wait_until(end_ns);
  per_second = sampler.rates();
}

void read_machine_load(const CopyGroup& group, WindowEdge& edge) {
  edge.load_t = monotonic_ns();
  edge.copies_cpu_s = group.cpu_seconds();
  edge.stat = sys::read_proc_stat();
}

// Waits until `deadline_ns`, ticking each second (progress on a terminal).
void wait_ticking(const RunContext& c, CopyGroup& group, std::uint64_t since_ns, std::uint64_t deadline_ns) {
  for (std::uint64_t next = monotonic_ns() + kSecondNs; next < deadline_ns; next += kSecondNs) {
    group.wait_until(next);
    c.tick(span_s(since_ns, monotonic_ns()), timed_length_s(c.setup));
  }
  group.wait_until(deadline_ns);
}

// Opens the window: after the warmup when there is one, else at the release.
WindowEdge open_window(const RunContext& c, CopyGroup& group, std::uint64_t released_ns, ProbeRun& probes) {
  const RunSetup& s = c.setup;
  if (s.options().warmup.count() > 0) {
    group.set_phase(SL_PHASE_WARMUP);
    wait_ticking(c, group, released_ns, released_ns + static_cast<std::uint64_t>(s.options().warmup.count()));
  }
  probes.begin();
  WindowEdge start;
  read_machine_load(group, start);
  start.loops = group.snapshot();
  start.t = monotonic_ns();
  group.set_phase(SL_PHASE_MEASURE);
  return start;
}

// Closes the window by the stop rule: at its end, or when every copy has
// done its iterations.  The copies are gone afterwards.
WindowEdge close_window(const RunContext& c, CopyGroup& group, const WindowEdge& start,
                        ProbeRun& probes) {
  WindowEdge end;
  if (const auto& window = c.setup.stop.window) {
    sample_window(c, group, start, start.t + static_cast<std::uint64_t>(window->count()), end.per_second);
    end.loops = group.snapshot();
  } else {
    while (!group.wait_all_finished(std::chrono::seconds(1))) c.tick(span_s(start.t, monotonic_ns()), 0);
  }
  end.t = monotonic_ns();
  read_machine_load(group, end);
  probes.end();
  if (c.setup.stop.window) group.stop();
  end.stopped_s = span_s(end.t, monotonic_ns());
  return end;
}

// Loops and windows per copy.  In a window the harness samples every copy's
// counters at the edges, so a loop in flight at the close is not counted;
// an iteration-bound copy reports its own loops and the time they took.
WindowOutcome count_loops(const RunContext& c, const CopyGroup& group, const WindowEdge& start,
                          const WindowEdge& end) {
  WindowOutcome o;
  o.channel = &group.channel();
  o.nominal_s = to_seconds(c.setup.options().window());
  o.per_second = end.per_second;
  const bool own = c.setup.stop.iteration_bound();
  for (int i = 0; i < group.size(); ++i) {
    const sl_copy_slot& slot = group.slot(i);
    const auto k = static_cast<size_t>(i);
    o.loops.push_back(own ? slot.usage_loops : end.loops[k] - start.loops[k]);
    o.copy_window_s.push_back(own ? span_s(slot.usage_begin_ns, slot.usage_end_ns)
                                  : span_s(start.t, end.t));
  }
  o.window_s = own ? *std::max_element(o.copy_window_s.begin(), o.copy_window_s.end())
                   : span_s(start.t, end.t);
  o.cpu_s = copies_cpu_seconds(group);
  return o;
}

// A window in which no loop completed measured nothing: an error, not 0.
void require_loops(const RunSetup& s, const WindowOutcome& o) {
  if (total_loops(o) > 0) return;
  throw Error(ExitStatus::kWorkloadFailed,
              fmt::format("no loop completed inside the {:.3f}s window: one loop of {} takes longer "
                          "(use a longer {}, or fewer copies)",
                          o.window_s, s.workload().info().name, option_name("duration_s")));
}

// Controls the copies carry themselves (affinity, session, cgroup, policy)
// are verified by reading every copy back; a miss is fatal unless allowed.
std::vector<ControlOutcome> check_read_back(const RunContext& c, const ReadBack& r) {
  std::vector<ControlOutcome> missed;
  for (const auto& problem : r.problems) {
    ControlOutcome o{"scenario", "as requested", false, problem, ""};
    if (!c.setup.spec.scenario.allow_unapplied) throw Error(ExitStatus::kNotApplied, describe_not_applied(o, option_name));
    missed.push_back(std::move(o));
  }
  return missed;
}

// --wait-idle, before anything of the run starts.
void wait_idle_if_asked(const RunContext& c, MeasuredRun& m) {
  const RunOptions& o = c.setup.options();
  if (!o.wait_idle) return;
  const IdleWait w = wait_for_idle(c.setup.plan.cpu_set, o.busy_threshold_pct, *o.wait_idle, c.gate);
  m.run.details["idle_wait_s"] = w.waited_s;
  if (!w.idle)
    m.warnings.push_back({"not-idle", m.run.index,
                          fmt::format("CPUs {} still {:.0f}% busy after {:.0f}s; started anyway",
                                      format_cpu_list(c.setup.plan.cpu_set), w.busy_pct, w.waited_s)});
}

// foreign_cpu_pct: the CPU set's use by anything but the copies, over the
// window as the harness read its edges: /proc/stat and the copies' trees,
// together, at the open and at the close.  (The copies' rusage spans their own loop
// boundaries instead, past the close by the loop in flight.)
void check_machine_load(const RunContext& c, const WindowEdge& start, const WindowEdge& end,
                        MeasuredRun& m) {
  const auto& cpus = c.setup.plan.cpu_set;
  const double foreign = foreign_cpu_pct(busy_pct(start.stat, end.stat, cpus),
                                         end.copies_cpu_s - start.copies_cpu_s, span_s(start.load_t, end.load_t),
                                         cpus.size());
  m.run.values.set("foreign_cpu_pct", foreign);
  const double threshold = c.setup.options().busy_threshold_pct;
  if (foreign <= threshold) return;
  const auto load = m.run.values.get("loadavg_1m");
  m.warnings.push_back({"busy", m.run.index,
                        fmt::format("{:.1f}% of CPUs {} used by other processes{}", foreign,
                                    format_cpu_list(cpus),
                                    load ? fmt::format(" (load average {:.2f})", *load) : "")});
}

// What the probes are told before the copies are released.
ProbeContext probe_context(const RunContext& c, const CopyGroup& group, const CopySettings& settings) {
  static int runs_in_process = 0;  // trace instances are named per run of this process
  ProbeContext p;
  p.cpu_set = c.setup.plan.cpu_set;
  p.copies = group.pids();
  p.tasks = sys::task_tree_tids(p.copies);
  p.chain_dirs = settings.chain_v2_dirs;
  p.journal = &c.journal;
  p.run_tag = fmt::format("{}-{}", getpid(), ++runs_in_process);
  p.sample_frequency_hz = c.setup.options().profile_freq_hz;
  return p;
}

// The machine's speed around the window: the copies are not running then.
void record_sentinel(double before, double after, RunRecord& run) {
  run.values.set("sentinel_rate", (before + after) / 2);
  run.details["sentinel"] = {{"before", before}, {"after", after}};
}

// Processes a copy killed because they outlived what started them (the
// command's daemons after its grace, a script's at the stop): the figures
// still stand, but the reader must know the command did not end by itself.
void warn_of_leftovers(const CopyGroup& group, MeasuredRun& m) {
  for (int i = 0; i < group.size(); ++i) {
    const sl_copy_slot& slot = group.slot(i);
    if (slot.leftovers_killed == 0) continue;
    std::string names;
    for (std::uint64_t k = 0; k < std::min<std::uint64_t>(slot.leftovers_killed, SL_LEFTOVER_NAMES); ++k)
      names += (k ? ", " : "") + std::string(slot.leftover_names[k], strnlen(slot.leftover_names[k], 16));
    if (slot.leftovers_killed > SL_LEFTOVER_NAMES) names += ", ...";
    m.run.copies[static_cast<size_t>(i)]["leftovers_killed"] = slot.leftovers_killed;
    m.warnings.push_back(
        {"leftovers", m.run.index,
         fmt::format("copy {}: killed {} process{} still running after what started {} had ended (a "
                     "command's get {} s after it exits): {}",
                     i, slot.leftovers_killed, slot.leftovers_killed == 1 ? "" : "es",
                     slot.leftovers_killed == 1 ? "it" : "them", SL_LEFTOVER_GRACE_S, names)});
  }
}

// The work-shaped sentinel after the window, on a thread that may run on
// the run's CPUs only: the state the copies' kind of work met
// (runner/work_sentinel.h).  A thread that cannot be created is a value
// not recorded, never a failed run.
void record_work_sentinel(const std::vector<int>& cpus, RunRecord& run) {
  double rate = 0;
  try {
    std::thread([&] {
      if (sys::CpuMask(cpus).apply(0) == 0) rate = work_sentinel_rate();
    }).join();
  } catch (const std::system_error&) {
    return;
  }
  if (rate > 0) run.values.set(stats::kWorkSentinelMetric, rate);
}

void record_copy_spans(const CopyGroup& group, RunRecord& run) {
  for (int i = 0; i < group.size(); ++i)
    run.copies[static_cast<size_t>(i)]["usage_span_s"] =
        span_s(group.slot(i).usage_begin_ns, group.slot(i).usage_end_ns);
}

}  // namespace

MeasuredRun measure_run(const RunContext& c, int index) {
  const RunSetup& s = c.setup;
  MeasuredRun measured;
  RunRecord& run = measured.run;
  run.index = index;
  wait_idle_if_asked(c, measured);
  run.started = utc_now_rfc3339_us();
  if (auto load = loadavg_1m()) run.values.set("loadavg_1m", *load);
  const AppliedScenario scenario(s.spec.scenario, c.journal, option_name);
  measured.controls = scenario.outcomes();
  GuardStack run_guards;  // the workload's scratch files for this run
  RunPrep prep{s.options().json_path, index, c.journal, run_guards};
  const RunResources resources = s.workload().prepare_run(s.spec.params, prep);
  const auto spec = group_spec(c, scenario.copy_settings(), resources);
  CopyGroup group(spec, c.gate);
  group.start();
  const ReadBack read_back = group.read_back();
  run.copies = read_back.copies;
  for (auto& o : check_read_back(c, read_back)) measured.controls.push_back(std::move(o));
  const Footprint footprint = group.footprint();

  const auto sentinel_time = sentinel_duration(s.options().window());
  const double sentinel_before = sentinel_rate(s.plan.cpu_set, sentinel_time);  // copies wait at the barrier
  // Attached after the sentinel, so that a tracer's drain thread does not
  // slow the machine it times.
  ProbeRun probes(c.probes, probe_context(c, group, scenario.copy_settings()));
  std::optional<sys::RealtimeTiming> timing(std::in_place);
  run.details["harness_realtime"] = timing->active();
  const WindowEdge start = open_window(c, group, monotonic_ns(), probes);
  const WindowEdge end = close_window(c, group, start, probes);
  timing.reset();
  run.details["stop_s"] = end.stopped_s;
  record_sentinel(sentinel_before, sentinel_rate(s.plan.cpu_set, sentinel_time), run);
  record_work_sentinel(s.plan.cpu_set, run);
  const WindowOutcome outcome = count_loops(c, group, start, end);
  require_loops(s, outcome);
  for (size_t i = 0; i < outcome.loops.size(); ++i) run.copies[i]["loops"] = outcome.loops[i];
  record_copy_spans(group, run);
  warn_of_leftovers(group, measured);
  run.window_s = outcome.window_s;
  if (!outcome.per_second.empty()) run.details["loops_per_second"] = outcome.per_second;
  s.workload().derive(s.spec.params, outcome, resources, run);
  add_copy_metrics(group, footprint, run.values);
  probes.finish({static_cast<double>(total_loops(outcome)), outcome.window_s}, run.values, run.details);
  check_machine_load(c, start, end, measured);
  return measured;
}

}  // namespace schedlab
