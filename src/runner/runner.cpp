#include "runner/runner.h"

#include <fmt/format.h>
#include <string.h>

#include "core/cpu_list.h"
#include "core/version.h"
#include "probes/probe_set.h"
#include "stats/block_plan.h"
#include "runner/copy_metrics.h"
#include "runner/machine_load.h"
#include "runner/measure_run.h"
#include "stats/set_spread.h"

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

// Runs an experiment's measurements in order; each outcome goes to its set.
class ExperimentRun {
 public:
  ExperimentRun(const Experiment& e, sys::SignalGate& gate, Journal& journal, RunObserver& observer,
                ResultSink& sink)
      : e_(e), gate_(gate), journal_(journal), observer_(observer), sink_(sink),
        varied_(e.variants.size() > 1), runs_(e.options.runs) {
    for (const auto& v : e.variants) {
      probes_.push_back(std::make_unique<ProbeSet>(probes_of(v)));
      out_.sets.push_back(describe_set(v, *probes_.back(), e.seed, varied_));
      out_.sets.back().argv = e.argv;
    }
    observer_.experiment_started(out_.sets);
  }

  // Runs one measurement; false when the experiment must end (saved first).
  bool run_one(const stats::PlannedRun& planned, bool warmup) {
    const RunSetup& s = e_.variants[static_cast<size_t>(planned.variant)];
    ResultSet& set = out_.sets[static_cast<size_t>(planned.variant)];
    auto& list = warmup ? set.warmup_runs : set.runs;
    const int index = static_cast<int>(list.size()) + 1;
    if (!warmup) observer_.run_started(set, index, runs_);
    try {
      auto tick = [&](double elapsed, double length) {
        if (!warmup) observer_.window_progress(set, index, elapsed, length);
      };
      MeasuredRun measured =
          measure_run({s, *probes_[static_cast<size_t>(planned.variant)], gate_, journal_, tick}, index);
      measured.run.block = varied_ && !warmup ? planned.block : 0;
      measured.run.sequence = sequence_++;
      record_controls(set.scenario, measured.controls);
      if (!warmup) set.warnings.insert(set.warnings.end(), measured.warnings.begin(), measured.warnings.end());
      list.push_back(std::move(measured.run));
    } catch (const Error& err) {
      return fail(set, err.status(), fmt::format("{}run {}: {}", warmup ? "warmup " : "", index, err.what()));
    } catch (const Interrupted& sig) {
      out_.interrupted_by = sig.signal_number();
      close_unfinished(out_.sets, runs_, fmt::format("interrupted by SIG{}", sigabbrev_np(sig.signal_number())));
      sink_.save(out_.sets);
      return false;
    } catch (const std::exception& ex) {  // not schedlab's own: still no PASS, still saved
      out_.internal_error = true;
      return fail(set, ExitStatus::kWorkloadFailed,
                  fmt::format("{}run {}: internal error: {}", warmup ? "warmup " : "", index, ex.what()));
    }
    if (!warmup) observer_.run_finished(set, set.runs.back());
    sink_.save(out_.sets);
    return true;
  }

  // After the last run: each complete set says whether its runs are one
  // population (stats/set_spread.h), and the sinks get the warnings.
  void flag_spread() {
    bool any = false;
    for (auto& set : out_.sets) {
      if (set.status != Status::kPass) continue;
      for (auto& w : stats::spread_warnings(set)) {
        set.warnings.push_back(std::move(w));
        any = true;
      }
    }
    if (any) sink_.save(out_.sets);
  }

  ExperimentOutcome finish() { return std::move(out_); }

 private:
  bool fail(ResultSet& set, ExitStatus status, const std::string& why) {
    set.status = Status::kError;
    set.error = why;
    out_.status = status;
    out_.error = why;
    close_unfinished(out_.sets, runs_, set.label + " failed");
    sink_.save(out_.sets);
    return false;
  }

  const Experiment& e_;
  sys::SignalGate& gate_;
  Journal& journal_;
  RunObserver& observer_;
  ResultSink& sink_;
  std::vector<std::unique_ptr<ProbeSet>> probes_;  // per variant: --vary probes=... differs
  const bool varied_;
  const int runs_;
  int sequence_ = 0;
  ExperimentOutcome out_;
};

}  // namespace

ProbeSet probes_of(const RunSetup& s) { return ProbeSet(*s.probes, s.options().probes, s.workload().info().name); }

ResultSet describe_set(const RunSetup& s, const ProbeSet& probes, std::uint64_t seed, bool varied) {
  ResultSet set;
  set.label = s.label;
  set.tool = {{"name", "schedlab"}, {"version", tool_version()}, {"git", tool_git_sha()}};
  write_run_spec(s.spec, set);
  if (varied) {
    set.scenario.requested["vary"] = s.vary;
    set.scenario.requested["seed"] = seed;
  }
  set.scenario.applied.push_back({{"control", "copies"}, {"value", s.plan.copies}});
  set.scenario.applied.push_back(
      {{"control", s.spec.scenario.pin_copies ? "pin-copies" : "cpus"},
       {"value", format_cpu_list(s.plan.cpu_set)},
       {"verified", "affinity of every copy read back before the release"}});
  set.scenario.applied.push_back({{"control", "stop"},
                                  {"value", s.stop.window ? "window" : "iterations"},
                                  {"verified", s.stop.window ? "every copy ran until the window closed"
                                                             : "every copy counted its own loops"}});
  for (auto& note : s.workload().fidelity_notes(s.spec.params, s.plan))
    set.warnings.push_back({"fidelity", 0, std::move(note)});
  set.environment = s.environment;
  set.metrics = s.workload().info().metrics;
  for (const auto& m : copy_metrics()) set.metrics.push_back(m);
  for (const auto& m : machine_load_metrics()) set.metrics.push_back(m);
  for (const auto& m : probes.metrics()) set.metrics.push_back(m);
  set.probes = probes.record();
  return set;
}

ExperimentOutcome run_experiment(const Experiment& e, sys::SignalGate& gate, Journal& journal,
                                 RunObserver& observer, ResultSink& sink) {
  ExperimentRun run(e, gate, journal, observer, sink);
  const int runs = e.options.runs;
  for (int v = 0; v < static_cast<int>(e.variants.size()); ++v)
    for (int w = 0; w < e.variants[static_cast<size_t>(v)].options().warmup_runs; ++w)
      if (!run.run_one({0, v}, true)) return run.finish();
  for (const stats::PlannedRun& planned : stats::plan_blocks(static_cast<int>(e.variants.size()), runs, e.seed))
    if (!run.run_one(planned, false)) return run.finish();
  run.flag_spread();
  return run.finish();
}

}  // namespace schedlab
