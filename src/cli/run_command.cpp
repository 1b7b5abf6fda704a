// `schedlab run WORKLOAD [options]`: parse, validate everything against the
// machine before anything runs, then run the set and report it.
#include <fmt/format.h>
#include <unistd.h>

#include <algorithm>
#include <iostream>
#include <sstream>

#include "cli/commands.h"
#include "cli/run_options.h"
#include "cli/workload_options.h"
#include "core/error.h"
#include "env/environment.h"
#include "report/result_file.h"
#include "report/text_reporter.h"
#include "runner/preflight.h"
#include "runner/runner.h"
#include "runner/worker_path.h"
#include "sys/affinity.h"
#include "sys/limits.h"
#include "sys/reaper.h"

namespace schedlab {
namespace {

const Workload& find_workload(const WorkloadRegistry& workloads, const std::vector<std::string>& args) {
  if (args.empty() || args.front().empty() || args.front()[0] == '-')
    throw UsageError("run: missing WORKLOAD; one of spawn, execl, exec, context (see 'schedlab list')");
  if (const Workload* w = workloads.find(args.front())) return *w;
  auto guess = workloads.did_you_mean(args.front());
  throw UsageError(fmt::format("run: unknown workload '{}'{}; see 'schedlab list'", args.front(),
                               guess ? fmt::format(" (did you mean '{}'?)", *guess) : ""));
}

std::string locate_worker() {
  if (auto worker = find_worker()) return *worker;
  throw Error(ExitStatus::kUsage,
              "cannot find schedlab-worker, the loop program, beside the schedlab binary "
              "(install both into the same directory)");
}

struct ParsedRun {
  RunOptions options;
  ScenarioRequest request;
  Params params;
};

ParsedRun parse_run(const Workload& w, std::vector<std::string> args, bool& help_shown) {
  CLI::App app{fmt::format("{}: {} (reproduces {})", w.info().name, w.info().summary,
                           w.info().reproduces),
               "schedlab run " + w.info().name};
  app.option_defaults()->multi_option_policy(CLI::MultiOptionPolicy::TakeLast);
  RunOptionTexts texts;
  add_run_options(app, texts);
  WorkloadOptions workload_options(app, w.info());
  std::reverse(args.begin(), args.end());  // CLI11 consumes a reversed vector
  try {
    app.parse(args);
  } catch (const CLI::ParseError& e) {
    if (e.get_exit_code() == 0) {
      app.exit(e);
      help_shown = true;
      return {};
    }
    throw UsageError(fmt::format("{} (see 'schedlab run {} --help')", e.what(), w.info().name));
  }
  return {to_run_options(texts), to_scenario(texts), workload_options.resolve()};
}

// Everything that can be checked is checked before the first copy starts.
RunSetup prepare(const Workload& w, ParsedRun parsed) {
  std::string worker = locate_worker();
  ScenarioPlan plan = plan_scenario(parsed.request, sys::affinity_of(0));
  w.validate(parsed.params, parsed.options, plan);
  preflight_process_limits(plan.copies, w.processes_per_copy(parsed.params),
                           parsed.request.copies.text(), sys::read_process_limits());
  if (parsed.options.json_path) check_writable("--json", *parsed.options.json_path);
  return RunSetup{w, std::move(parsed.params), std::move(parsed.options), parsed.request,
                  std::move(plan), std::move(worker), collect_environment()};
}

}  // namespace

int run_command(const WorkloadRegistry& workloads, const std::vector<std::string>& args) {
  const Workload& w = find_workload(workloads, args);
  bool help_shown = false;
  ParsedRun parsed = parse_run(w, {args.begin() + 1, args.end()}, help_shown);
  if (help_shown) return 0;
  const RunSetup setup = prepare(w, std::move(parsed));

  sys::SignalGate gate;
  sys::become_child_subreaper();
  const bool quiet = setup.options.quiet;
  std::ostringstream discard;
  TextReporter reporter(quiet ? discard : std::cout, !quiet && isatty(2) ? &std::cerr : nullptr);
  const std::string created = utc_now_iso8601();
  auto save = [&](const ResultSet& set) {
    if (setup.options.json_path) write_result_file(*setup.options.json_path, {created, {set}});
  };
  RunSetOutcome outcome = run_set(setup, gate, reporter, save);
  reporter.finish(outcome.set);
  if (outcome.interrupted_by) throw Interrupted(outcome.interrupted_by);
  if (outcome.status != ExitStatus::kOk) throw Error(outcome.status, outcome.set.error);
  return 0;
}

}  // namespace schedlab
