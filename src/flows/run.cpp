// `schedlab run` as a flow (flows/run.h): expand --vary into variants,
// validate every variant against the machine before anything runs, then run
// them in randomized blocks, deliver the sets to their sinks and report.
#include "flows/run.h"

#include <fmt/format.h>
#include <fmt/ranges.h>
#include <unistd.h>

#include <iostream>
#include <sstream>

#include "compare/comparison.h"
#include "core/duration.h"
#include "core/error.h"
#include "env/environment.h"
#include "grid/lava_case_sink.h"
#include "report/compare_reporters.h"
#include "report/run_plan.h"
#include "report/text_reporter.h"
#include "runner/run_setup.h"
#include "runner/runner.h"
#include "runner/stop_rule.h"
#include "session/session.h"
#include "sink/interrupted.h"
#include "sink/json_file_sink.h"
#include "sink/sink_set.h"
#include "sink/store_sink.h"
#include "spec/run_spec_io.h"
#include "spec/spec_identity.h"

namespace schedlab {
namespace {

// One variant, checked against the machine: everything that can be checked
// is checked before the first copy starts.
RunSetup prepare_variant(const ProbeList& probes, const RunRequest& r, const Assignment& assignment,
                         const std::string& worker, const ordered_json& environment, const sys::ProcessLimits& limits) {
  RunSettings settings = r.settings;
  WorkloadOptions workload_options = r.workload_options;
  for (const auto& [key, value] : assignment) apply_assignment(key, value, settings, workload_options);
  check_settings(settings);
  RunSpec spec = make_run_spec(*r.workload, probes, settings, workload_options);
  const auto& given = spec.options.label;
  std::string label = given.value_or(
      environment.value("kernel", ordered_json::object()).value("release", std::string("unknown")));
  if (!assignment.empty())
    label = given ? *given + " " + assignment_label(assignment) : assignment_label(assignment);
  RunSetup setup = make_run_setup(probes, std::move(spec), worker, environment, std::move(label), limits);
  for (const auto& [key, value] : assignment) setup.vary[key] = value;
  return setup;
}

Experiment prepare(const ProbeList& probes, const RunRequest& r) {
  Experiment e;
  e.seed = r.seed;
  e.options = r.settings.options;
  e.argv = r.argv;
  const std::string worker = locate_worker();
  const ordered_json environment = collect_environment();
  const sys::ProcessLimits limits = sys::read_process_limits();
  for (const auto& assignment : expand_axes(r.axes))
    e.variants.push_back(prepare_variant(probes, r, assignment, worker, environment, limits));
  return e;
}

// A --vary experiment ends with the comparison it was run for, as compare
// prints it (paired by block: the runs were interleaved).
std::string vary_comparison(const std::vector<ResultSet>& sets, const Registries& registries) {
  const CompareOptions o;  // the runs were interleaved: paired by block (decide_test)
  try {  // one line per metric: the answer the experiment was run for
    return "\n" + format_lkp(build_comparison(sets, o, registries));
  } catch (const Error& e) {
    return fmt::format("\nno comparison: {}\n", e.what());
  }
}

// --dry-run: every variant as its set would be described, after every
// check prepare() made; nothing is measured, changed or written.
std::string run_plan_text(const WorkloadRegistry& workloads, const Experiment& e, const store::StoreChoice& store) {
  RunPlan plan;
  plan.runs = e.options.runs;
  plan.warmup_runs = e.options.warmup_runs;
  plan.seed = e.seed;
  for (const auto& v : e.variants) {
    ResultSet set = describe_set(v, probes_of(v), e.seed, e.variants.size() > 1);
    const std::string id = spec_id(set, workloads);
    plan.variants.push_back({std::move(set), id});
    if (v.stop.window)
      plan.seconds += (plan.runs + plan.warmup_runs) * (to_seconds(v.options().warmup) + to_seconds(*v.stop.window));
  }
  std::vector<std::string> where;
  if (e.options.json_path) where.push_back(*e.options.json_path);
  if (store.kind != store::StoreChoice::Kind::kNone) where.push_back("the store " + store::describe(store));
  plan.results = where.empty() ? "printed only (--no-store, no --json)" : fmt::format("{}", fmt::join(where, " and "));
  return format_run_plan(plan);
}

}  // namespace

double nominal_run_seconds(const RunRequest& r) {
  const RunOptions& o = r.settings.options;
  const StopRule rule = decide_stop_rule(*r.workload, r.workload_options.resolve(), o);
  if (!rule.window) return 0;
  double variants = 1;
  for (const auto& axis : r.axes) variants *= static_cast<double>(axis.values.size());
  return variants * (o.runs + o.warmup_runs) * (to_seconds(o.warmup) + to_seconds(*rule.window));
}

int run_flow(const Registries& registries, const RunRequest& request, const RunPresentation& presentation) {
  const Workload& w = *request.workload;
  const Experiment experiment = prepare(registries.probes, request);
  const std::string lava_tool = request.lava ? grid::find_lava_test_case() : "";
  const RunOptions& options = experiment.options;
  if (options.dry_run) {
    std::cout << run_plan_text(registries.workloads, experiment, request.store);
    return 0;
  }
  const std::string created = utc_now_iso8601();
  JsonFileSink file = run_result_file(options, experiment, created, registries.workloads);
  StoreSink store(request.store, registries.workloads, created, &file, options.quiet ? nullptr : &std::cout);
  const std::string& name = request.lava_name;
  grid::LavaTestCaseSink lava(lava_tool, name, name.empty() ? w.info().name + ".json" : name, created, std::cout);
  SinkSet sinks({&file, &store, &lava});

  Session session;  // before any change to the system
  session.hold_global_controls(changes_global_state(experiment), options.no_wait);
  std::ostringstream discard;
  const bool progress = isatty(2) && (!options.quiet || presentation.progress_when_quiet);
  TextReporter reporter(registries.workloads, options.quiet ? discard : std::cout, progress ? &std::cerr : nullptr,
                        experiment.variants.size() > 1, options.all);
  reporter.present(presentation.prefix, presentation.eta_after_s);
  ExperimentOutcome outcome = run_experiment(experiment, session.gate(), session.journal(), reporter, sinks);
  for (const auto& set : outcome.sets) reporter.finish(set);
  if (experiment.variants.size() > 1 && !options.quiet) std::cout << vary_comparison(outcome.sets, registries);
  // The store (or a spool file) has them before a file failure or LAVA's
  // is said.
  sinks.finish(outcome.sets);
  lava.rethrow_failure();
  if (outcome.interrupted_by) throw interrupted_after(outcome.interrupted_by, outcome.sets, file, sinks);
  if (auto failed = file.failure(); !failed.empty()) throw Error(ExitStatus::kCannotSave, failed);
  if (outcome.internal_error) throw std::runtime_error(outcome.error);
  if (outcome.status != ExitStatus::kOk) throw Error(outcome.status, outcome.error);
  return 0;
}

}  // namespace schedlab
