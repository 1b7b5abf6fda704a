// `schedlab run WORKLOAD [options]`: parse, expand --vary into variants,
// validate every variant against the machine before anything runs, then run
// them in randomized blocks and report.
#include <fmt/format.h>
#include <fmt/ranges.h>
#include <unistd.h>

#include <algorithm>
#include <iostream>
#include <sstream>

#include "cli/command.h"
#include "cli/commands.h"
#include "cli/run_options.h"
#include "cli/run_parse.h"
#include "cli/seed_option.h"
#include "runner/run_setup.h"
#include "spec/run_spec_io.h"
#include "compare/comparison.h"
#include "report/compare_reporters.h"
#include "cli/store_options.h"
#include "spec/spec_identity.h"
#include "spec/vary.h"
#include "spec/workload_options.h"
#include "core/error.h"
#include "core/duration.h"
#include "core/whole_number.h"
#include "env/environment.h"
#include "grid/lava_report.h"
#include "store/result_file.h"
#include "report/run_plan.h"
#include "report/text_reporter.h"
#include "runner/runner.h"
#include "sink/json_file_sink.h"
#include "sink/sink_set.h"
#include "sink/store_sink.h"
#include "session/session.h"

namespace schedlab {
namespace {

// One variant, checked against the machine: everything that can be checked
// is checked before the first copy starts.
RunSetup prepare_variant(const Workload& w, const ParsedRun& parsed, const Assignment& assignment,
                         const std::string& worker, const ordered_json& environment,
                         const sys::ProcessLimits& limits) {
  RunSettings settings = parsed.settings;
  WorkloadOptions workload_options = *parsed.workload_options;
  for (const auto& [key, value] : assignment) apply_assignment(key, value, settings, workload_options);
  check_settings(settings);
  RunSpec spec = make_run_spec(w, settings, workload_options);
  const auto& given = spec.options.label;
  std::string label = given.value_or(
      environment.value("kernel", ordered_json::object()).value("release", std::string("unknown")));
  if (!assignment.empty())
    label = given ? *given + " " + assignment_label(assignment) : assignment_label(assignment);
  RunSetup setup = make_run_setup(std::move(spec), worker, environment, std::move(label), limits);
  for (const auto& [key, value] : assignment) setup.vary[key] = value;
  return setup;
}

Experiment prepare(const Workload& w, const ParsedRun& parsed, const std::vector<std::string>& argv) {
  std::vector<VaryAxis> axes;
  for (const auto& v : parsed.experiment.vary) axes.push_back(parse_vary(v));
  Experiment e;
  e.seed = parse_seed_option(parsed.experiment.seed);
  e.options = parsed.settings.options;
  e.argv = argv;
  const std::string worker = locate_worker();
  const ordered_json environment = collect_environment();
  const sys::ProcessLimits limits = sys::read_process_limits();
  for (const auto& assignment : expand_axes(axes))
    e.variants.push_back(prepare_variant(w, parsed, assignment, worker, environment, limits));
  return e;
}

// A --vary experiment ends with the comparison it was run for, as compare
// prints it (paired by block: the runs were interleaved).
std::string vary_comparison(const std::vector<ResultSet>& sets) {
  const CompareOptions o;  // the runs were interleaved: paired by block (decide_test)
  try {  // one line per metric: the answer the experiment was run for
    return "\n" + format_lkp(build_comparison(sets, o));
  } catch (const Error& e) {
    return fmt::format("\nno comparison: {}\n", e.what());
  }
}

// --dry-run: every variant as its set would be described, after every
// check prepare() made; nothing is measured, changed or written.
std::string run_plan_text(const WorkloadRegistry& workloads, const Experiment& e, const StoreOptionTexts& store) {
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
  if (const auto choice = to_store_choice(store); choice.kind != store::StoreChoice::Kind::kNone)
    where.push_back("the store " + store::describe(choice));
  plan.results = where.empty() ? "printed only (--no-store, no --json)" : fmt::format("{}", fmt::join(where, " and "));
  return format_run_plan(plan);
}

}  // namespace

std::vector<std::string> with_dry_run(std::vector<std::string> args) {
  args.insert(std::find(args.begin(), args.end(), "--"), "--dry-run");
  return args;
}

double nominal_run_seconds(const WorkloadRegistry& workloads, const std::vector<std::string>& args) {
  const Workload& w = find_workload(workloads, args);
  const auto parsed = parse_run(w, {args.begin() + 1, args.end()});
  if (!parsed) return 0;
  const RunOptions& o = parsed->settings.options;
  const StopRule rule = decide_stop_rule(w, parsed->workload_options->resolve(), o);
  if (!rule.window) return 0;
  double variants = 1;
  for (const auto& v : parsed->experiment.vary) variants *= static_cast<double>(parse_vary(v).values.size());
  return variants * (o.runs + o.warmup_runs) * (to_seconds(o.warmup) + to_seconds(*rule.window));
}

int run_command(const WorkloadRegistry& workloads, const std::vector<std::string>& args,
                const std::vector<std::string>& argv, const RunPresentation& presentation) {
  const Workload& w = find_workload(workloads, args);
  const auto parsed = parse_run(w, {args.begin() + 1, args.end()});
  if (!parsed) return 0;  // --help was shown
  const Experiment experiment = prepare(w, *parsed, argv);
  const std::string lava_tool = parsed->lava ? grid::find_lava_test_case() : "";
  const RunOptions& options = experiment.options;
  if (options.dry_run) {
    std::cout << run_plan_text(workloads, experiment, parsed->store);
    return 0;
  }
  const std::string created = utc_now_iso8601();
  JsonFileSink file = run_result_file(options, experiment, created);
  StoreSink store(to_store_choice(parsed->lava ? lava_store_texts(parsed->store) : parsed->store), created,
                  &file, options.quiet ? nullptr : &std::cout);
  SinkSet sinks({&file, &store});

  Session session;  // before any change to the system
  session.hold_global_controls(changes_global_state(experiment), options.no_wait);
  std::ostringstream discard;
  const bool progress = isatty(2) && (!options.quiet || presentation.progress_when_quiet);
  TextReporter reporter(options.quiet ? discard : std::cout, progress ? &std::cerr : nullptr,
                        experiment.variants.size() > 1, options.all);
  reporter.present(presentation.prefix, presentation.eta_after_s);
  ExperimentOutcome outcome = run_experiment(experiment, session.gate(), session.journal(), reporter, sinks);
  for (const auto& set : outcome.sets) reporter.finish(set);
  if (experiment.variants.size() > 1 && !options.quiet) std::cout << vary_comparison(outcome.sets);
  sinks.finish(outcome.sets);  // the store (or a spool file) has them before a file failure is said
  if (!lava_tool.empty()) {
    grid::report_cases(lava_tool, grid::set_cases(outcome.sets), std::cout);
    grid::print_result_block({created, outcome.sets}, w.info().name + ".json", std::cout);
  }
  if (outcome.interrupted_by) throw Interrupted(outcome.interrupted_by);
  if (auto failed = file.failure(); !failed.empty()) throw Error(ExitStatus::kCannotSave, failed);
  if (outcome.internal_error) throw std::runtime_error(outcome.error);
  if (outcome.status != ExitStatus::kOk) throw Error(outcome.status, outcome.error);
  return 0;
}

Command add_run(CLI::App& app, const CommandContext& context) {
  auto* run = app.add_subcommand("run", "run a workload: schedlab run WORKLOAD [options]; "
                                        "'schedlab run WORKLOAD --help' lists its options");
  run->prefix_command();
  std::vector<std::string> names;
  for (const auto& w : context.workloads.items()) names.push_back(w->info().name);
  run->footer(fmt::format("workloads: {}", fmt::join(names, ", ")));
  return {run,
          [run, &context] {
            auto args = run->remaining();
            return run_command(context.workloads, context.dry_run ? with_dry_run(args) : args, context.argv);
          },
          2, true, DryRun::kPlans};
}

}  // namespace schedlab
