#include "runner/measure_run.h"

#include "core/duration.h"
#include "core/error.h"
#include "runner/copy_metrics.h"
#include "scenario/applied_scenario.h"

namespace schedlab {
namespace {

CopyGroupSpec group_spec(const RunContext& c, const CopySettings& settings,
                         const RunResources& resources) {
  CopyGroupSpec spec;
  spec.settings = &settings;
  spec.signal_at_stop = c.workload.info().signal_at_stop;
  spec.worker_path = c.worker_path;
  spec.placements = c.plan.placements;
  spec.set_affinity = c.plan.set_affinity;
  for (const auto& p : c.plan.placements)
    spec.args.push_back(c.workload.worker_args(c.params, p, resources));
  return spec;
}

struct WindowStart {
  std::uint64_t t0 = 0;
  std::vector<std::uint64_t> loops;  // counters when the window opened
};

// Opens the window: after the warmup when there is one, else at the release.
WindowStart open_window(const RunContext& c, CopyGroup& group) {
  ProbeContext probe_context{c.plan.cpu_set};
  if (c.options.warmup.count() > 0) {
    group.set_phase(SL_PHASE_WARMUP);
    group.wait_until(monotonic_ns() + static_cast<std::uint64_t>(c.options.warmup.count()));
  }
  for (auto& probe : c.probes) probe->begin(probe_context);
  WindowStart start{0, group.snapshot()};
  start.t0 = monotonic_ns();
  group.set_phase(SL_PHASE_MEASURE);
  return start;
}

void close_probes(const RunContext& c, MetricValues& values) {
  for (auto& probe : c.probes) probe->end(values);
}

// Controls the copies carry themselves (affinity, session, cgroup, policy)
// are verified by reading every copy back; a miss is fatal unless allowed.
std::vector<ControlOutcome> check_read_back(const RunContext& c, const ReadBack& r) {
  std::vector<ControlOutcome> missed;
  for (const auto& problem : r.problems) {
    ControlOutcome o{"scenario", "as requested", false, problem, ""};
    if (!c.request.allow_unapplied) throw Error(ExitStatus::kNotApplied, describe_not_applied(o));
    missed.push_back(std::move(o));
  }
  return missed;
}

}  // namespace

MeasuredRun measure_run(const RunContext& c, int index) {
  MeasuredRun measured;
  RunRecord& run = measured.run;
  run.index = index;
  run.started = utc_now_iso8601();
  const AppliedScenario scenario(c.request, c.journal);
  measured.controls = scenario.outcomes();
  GuardStack run_guards;  // the workload's scratch files for this run
  RunPrep prep{c.options, index, c.journal, run_guards};
  const RunResources resources = c.workload.prepare_run(c.params, prep);
  const auto spec = group_spec(c, scenario.copy_settings(), resources);
  CopyGroup group(spec, c.gate);
  group.start();
  const ReadBack read_back = group.read_back();
  run.copies = read_back.copies;
  for (auto& o : check_read_back(c, read_back)) measured.controls.push_back(std::move(o));
  const Footprint footprint = group.footprint();
  const StopRule stop = c.workload.stop_rule(c.params, c.options);

  const WindowStart start = open_window(c, group);
  const std::uint64_t t0 = start.t0;
  WindowOutcome outcome;
  MetricValues probe_values;
  if (stop.window) {
    group.wait_until(t0 + static_cast<std::uint64_t>(stop.window->count()));
    outcome.loops = group.snapshot();
    outcome.window_s = static_cast<double>(monotonic_ns() - t0) / 1e9;
    close_probes(c, probe_values);
    group.stop();
    outcome.copy_window_s.assign(outcome.loops.size(), outcome.window_s);
  } else {
    group.wait_all_finished();
    close_probes(c, probe_values);
    outcome.loops = group.snapshot();
    for (int i = 0; i < group.size(); ++i) {
      const double w = static_cast<double>(group.slot(i).end_ns - t0) / 1e9;
      outcome.copy_window_s.push_back(w);
      outcome.window_s = std::max(outcome.window_s, w);
    }
  }
  for (size_t i = 0; i < outcome.loops.size(); ++i) {
    outcome.loops[i] -= start.loops[i];
    run.copies[i]["loops"] = outcome.loops[i];
  }
  run.window_s = outcome.window_s;
  outcome.cpu_s = copies_cpu_seconds(group);
  outcome.nominal_s = to_seconds(c.options.window());
  c.workload.derive(c.params, outcome, resources, run);
  add_copy_metrics(group, footprint, run.values);
  for (const auto& [name, value] : probe_values.items()) run.values.set(name, value);
  return measured;
}

}  // namespace schedlab
