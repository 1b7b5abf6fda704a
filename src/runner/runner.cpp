#include "runner/runner.h"

#include <fmt/format.h>
#include <string.h>

#include "core/cpu_list.h"
#include "core/duration.h"
#include "core/version.h"
#include "probes/probe.h"
#include "runner/block_plan.h"
#include "runner/copy_metrics.h"
#include "runner/measure_run.h"

namespace schedlab {
namespace {

// Adds each control's outcome to the set's scenario once.
void record_controls(ScenarioRecord& scenario, const std::vector<ControlOutcome>& controls) {
  for (const auto& c : controls) {
    auto& list = c.applied ? scenario.applied : scenario.not_applied;
    ordered_json entry = {{"control", c.control}, {"value", c.value}};
    entry[c.applied ? "verified" : "reason"] = c.detail;
    bool seen = false;
    for (const auto& e : list) seen |= e["control"] == entry["control"] && e["value"] == entry["value"];
    if (!seen) list.push_back(std::move(entry));
  }
}

// Sets that did not complete all their runs end as ERROR, saying why.
void close_unfinished(std::vector<ResultSet>& sets, int runs, const std::string& why) {
  for (auto& set : sets) {
    if (set.status != Status::kPass || static_cast<int>(set.runs.size()) == runs) continue;
    set.status = Status::kError;
    set.error = fmt::format("stopped after {} of {} runs: {}", set.runs.size(), runs, why);
  }
}

}  // namespace

ResultSet describe_set(const RunSetup& s, std::uint64_t seed, bool varied) {
  ResultSet set;
  set.label = s.label;
  set.tool = {{"name", "schedlab"}, {"version", tool_version()}, {"git", tool_git_sha()}};
  set.workload.name = s.workload.info().name;
  set.workload.params = s.params;
  set.workload.primary_metric = s.workload.info().primary_metric;
  set.scenario.requested = requested_json(s.request);
  set.scenario.requested["runs"] = s.options.runs;
  set.scenario.requested["duration_s"] =
      s.options.duration ? ordered_json(to_seconds(*s.options.duration)) : ordered_json(nullptr);
  set.scenario.requested["warmup_s"] = to_seconds(s.options.warmup);
  set.scenario.requested["warmup_runs"] = s.options.warmup_runs;
  if (varied) {
    set.scenario.requested["vary"] = s.vary;
    set.scenario.requested["seed"] = seed;
  }
  set.scenario.applied.push_back({{"control", "copies"}, {"value", s.plan.copies}});
  set.scenario.applied.push_back(
      {{"control", s.request.pin_copies ? "pin-copies" : "cpus"},
       {"value", format_cpu_list(s.plan.cpu_set)},
       {"verified", "affinity of every copy read back before the release"}});
  set.environment = s.environment;
  set.metrics = s.workload.info().metrics;
  for (const auto& m : copy_metrics()) set.metrics.push_back(m);
  for (const auto& probe : builtin_probes())
    for (const auto& m : probe->metrics()) set.metrics.push_back(m);
  return set;
}

ExperimentOutcome run_experiment(const Experiment& e, sys::SignalGate& gate, Journal& journal,
                                 RunObserver& observer,
                                 const std::function<void(const std::vector<ResultSet>&)>& save) {
  ExperimentOutcome out;
  const bool varied = e.variants.size() > 1;
  for (const auto& v : e.variants) out.sets.push_back(describe_set(v, e.seed, varied));
  auto probes = builtin_probes();
  const int runs = e.variants.front().options.runs;

  // Runs one measurement; false when the experiment must end (saved first).
  auto run_one = [&](const PlannedRun& planned, bool warmup) {
    const RunSetup& s = e.variants[static_cast<size_t>(planned.variant)];
    ResultSet& set = out.sets[static_cast<size_t>(planned.variant)];
    auto& list = warmup ? set.warmup_runs : set.runs;
    const int index = static_cast<int>(list.size()) + 1;
    const RunContext context{s.workload, s.params, s.options, s.request, s.plan, s.worker_path,
                             probes,     gate,     journal};
    if (!warmup) observer.run_started(set, index, runs);
    try {
      MeasuredRun measured = measure_run(context, index);
      measured.run.block = varied && !warmup ? planned.block : 0;
      record_controls(set.scenario, measured.controls);
      list.push_back(std::move(measured.run));
    } catch (const Error& err) {
      set.status = Status::kError;
      set.error = fmt::format("{}run {}: {}", warmup ? "warmup " : "", index, err.what());
      out.status = err.status();
      out.error = set.error;
      close_unfinished(out.sets, runs, set.label + " failed");
      save(out.sets);
      return false;
    } catch (const Interrupted& sig) {
      out.interrupted_by = sig.signal_number();
      close_unfinished(out.sets, runs,
                       fmt::format("interrupted by SIG{}", sigabbrev_np(sig.signal_number())));
      save(out.sets);
      return false;
    }
    if (!warmup) observer.run_finished(set, set.runs.back());
    save(out.sets);
    return true;
  };

  for (int v = 0; v < static_cast<int>(e.variants.size()); ++v)
    for (int w = 0; w < e.variants[static_cast<size_t>(v)].options.warmup_runs; ++w)
      if (!run_one({0, v}, true)) return out;
  for (const PlannedRun& planned : plan_blocks(static_cast<int>(e.variants.size()), runs, e.seed))
    if (!run_one(planned, false)) return out;
  return out;
}

}  // namespace schedlab
