// `schedlab check --baseline GOOD.json [--bad BAD.json] [--threshold PCT]
// [--max-runs N] [--json FILE] [--trust-baseline] [--no-wait]` for `git
// bisect run`: re-runs the baseline's workload and scenario in batches until
// the verdict is clear, then exits 0 (good), 1 (bad) or 125 (cannot tell,
// cannot run).  Bad input — including a baseline file a library cannot read
// — exits 255, so that git bisect run stops instead of marking a commit bad.
// A baseline is code: it is checked like a command line, what it will run
// and change is printed first, and a command, sysctls or sched features
// taken from a file need --trust-baseline.
#include <fmt/format.h>
#include <fmt/ranges.h>

#include <unistd.h>

#include <cmath>
#include <iostream>

#include "check/verdict.h"
#include "grid/lava_report.h"
#include "cli/check_kernel.h"
#include "cli/command.h"
#include "cli/commands.h"
#include "cli/path_options.h"
#include "runner/run_setup.h"
#include "spec/run_spec_io.h"
#include "cli/store_options.h"
#include "compare/machine_speed.h"
#include "core/cpu_list.h"
#include "core/duration.h"
#include "core/error.h"
#include "core/whole_number.h"
#include "env/environment.h"
#include "store/result_file.h"
#include "report/progress.h"
#include "report/text_reporter.h"
#include "runner/runner.h"
#include "runner/spec_trust.h"
#include "store/record.h"
#include "core/descriptive.h"
#include "sys/limits.h"
#include "session/session.h"
#include "sys/safe_files.h"

namespace schedlab {
namespace {

constexpr int kBatch = 3;
constexpr const char* kCheckSchema = "schedlab.check/1";
constexpr int kUsageExit = 255;  // git bisect run: abort the bisection
constexpr int kSkipExit = 125;
constexpr double kAlpha = 0.05;  // the stated error rate of a good or bad verdict

// On a terminal, one line in place: the look, the run and its window, and
// the interval so far.  Nothing otherwise: stdout is the verdict alone.
class CheckProgress final : public RunObserver {
 public:
  CheckProgress(const LookPlan& plan) : line_(isatty(2) ? &std::cerr : nullptr), plan_(plan) {}
  void at_look(std::size_t look, const std::string& so_far) {
    look_ = look;
    so_far_ = so_far;
  }
  void run_started(const ResultSet& set, int index, int) override { window_progress(set, index, 0, 0); }
  void run_finished(const ResultSet&, const RunRecord&) override {}
  void window_progress(const ResultSet&, int index, double elapsed, double length) override {
    line_.show(fmt::format("check look {}/{}: run {} of {}  {:.0f}/{:.0f}s{}", look_, plan_.looks(),
                           plan_.runs[look_ - 1] - static_cast<std::size_t>(batch_left_) + static_cast<std::size_t>(index),
                           plan_.runs[look_ - 1], elapsed, length, so_far_));
  }
  void batch(int runs) { batch_left_ = runs; }
  void done() { line_.clear(); }

 private:
  ProgressLine line_;
  const LookPlan& plan_;
  std::size_t look_ = 1;
  int batch_left_ = 0;
  std::string so_far_;
};

const ResultSet& first_pass_set(const ResultFile& file, const std::string& path) {
  for (const auto& set : file.sets)
    if (set.status == Status::kPass && set.runs.size() >= 2) return set;
  throw UsageError(path + ": no PASS result set with at least 2 runs to compare with");
}

std::vector<double> primary_values(const ResultSet& set) {
  std::vector<double> xs;
  for (const auto& run : set.runs)
    if (auto v = run.values.get(set.workload.primary_metric)) xs.push_back(*v);
  return xs;
}

// When the baseline's own spread keeps the interval wide, say so: more
// current runs cannot help, a baseline with more runs can.
std::string baseline_hint(const ResultSet& good, double threshold) {
  const double limit = baseline_limit_pct(primary_values(good), 0.05);
  if (limit < threshold / 2) return "";
  return fmt::format(" (the baseline's own spread allows \u00b1{:.1f}%: record it with more runs)", limit);
}

struct CheckArgs {
  std::string baseline, bad, json;
  store::StoreChoice store;
  double threshold = 5;
  int max_runs = 15;
  bool trust = false, no_wait = false;
  std::string lava_tool;  // --lava: LAVA's lava-test-case
  std::vector<std::string> argv;
};

CheckArgs parse_args(const CheckOptions& o, const std::vector<std::string>& argv) {
  CheckArgs a{o.baseline, o.bad, o.json, to_store_choice(o.store)};
  a.trust = o.trust_baseline;
  a.no_wait = o.no_wait;
  a.argv = argv;
  if (o.lava) {
    if (!o.kernel.empty()) throw UsageError("--lava", "", "check on this host (--kernel boots a guest)");
    a.lava_tool = grid::find_lava_test_case();
    a.store = to_store_choice(lava_store_texts(o.store));
  }
  char* end = nullptr;
  a.threshold = std::strtod(o.threshold.c_str(), &end);
  if (o.threshold.empty() || *end != '\0' || !(a.threshold > 0 && a.threshold < 1000))
    throw UsageError("--threshold", o.threshold, "a percentage above 0 and below 1000, e.g. 5");
  const auto runs = parse_whole_number(o.max_runs, 2, 1000);
  if (!runs) throw UsageError("--max-runs", o.max_runs, "a whole number from 2 to 1000");
  a.max_runs = *runs;
  return a;
}

// Two lines on stderr: what will run, and what it changes on this machine.
void describe_plan(const RunSetup& s, const ResultSet& good, const CheckArgs& a) {
  const RunSpec& spec = s.spec;
  std::cerr << fmt::format("schedlab check: re-running {} ({}) from {}: copies {} on CPUs {}, {}, "
                           "batches of {} up to {} runs\n",
                           spec.workload->info().name, describe_params(good),
                           a.baseline, s.plan.copies, format_cpu_list(s.plan.cpu_set),
                           s.stop.window ? "window " + format_duration(*s.stop.window)
                                         : fmt::format("{} loops per copy", s.stop.iterations),
                           kBatch, a.max_runs);
  std::vector<std::string> changes;
  const ScenarioRequest& r = spec.scenario;
  if (r.autogroup) changes.push_back(fmt::format("autogroup {}", *r.autogroup ? "on" : "off"));
  for (const auto& [key, value] : r.sysctls) changes.push_back(key + "=" + value);
  for (const auto& f : r.sched_features) changes.push_back("sched feature " + f);
  if (r.cgroup_depth > 0) changes.push_back(fmt::format("a cgroup chain {} deep under {}", r.cgroup_depth, r.cgroup_parent));
  if (r.policy || r.nice) changes.push_back("the copies' policy and nice");
  std::cerr << fmt::format("schedlab check: it changes: {} (restored after every run)\n",
                           changes.empty() ? "nothing" : fmt::format("{}", fmt::join(changes, ", ")));
}

// The baseline (and bad) files and the setup, all checked before anything
// runs; every failure here is bad input.
struct Loaded {
  ResultFile good_file;
  std::optional<ResultFile> bad_file;
  const ResultSet* good = nullptr;
  const ResultSet* bad = nullptr;
  std::optional<RunSetup> setup;
  LookPlan looks;   // fixed before the first run
  Better better = Better::kHigher;
};

// Values a file holds are input: 1e308 is a number, but the mean of two is
// not, and the statistics would fail after the measurement.
void require_computable(const ResultSet& set, const std::string& file) {
  const auto xs = primary_values(set);
  const double m = stats::mean(xs), sd = stats::sample_stddev(xs);
  if (!std::isfinite(m) || !std::isfinite(sd) || m == 0)
    throw UsageError(fmt::format("{}: the {} values of set '{}' cannot be compared with (their mean is {}, their "
                                 "SD {}): not a measurement of this metric",
                                 file, set.workload.primary_metric, set.label, m, sd));
}

void load(const WorkloadRegistry& workloads, const CheckArgs& a, Loaded& l) {
  l.good_file = read_result_file(a.baseline);
  l.good = &first_pass_set(l.good_file, a.baseline);
  require_computable(*l.good, a.baseline);
  if (!a.bad.empty()) {
    l.bad_file = read_result_file(a.bad);
    l.bad = &first_pass_set(*l.bad_file, a.bad);
    require_computable(*l.bad, a.bad);
  }
  RunSpec spec = read_run_spec(*l.good, workloads);
  if (!a.trust) refuse_untrusted(spec, a.baseline);
  spec.options.runs = kBatch;
  spec.options.quiet = true;
  spec.options.json_path.reset();
  spec.options.label.reset();
  spec.options.no_wait = a.no_wait;
  l.setup.emplace(make_run_setup(std::move(spec), locate_worker(), collect_environment(), "check",
                                 sys::read_process_limits()));
  const MetricSpec* metric = find_metric(l.good->metrics, l.good->workload.primary_metric);
  if (!metric) throw UsageError(a.baseline + ": the primary metric has no declaration in the file");
  l.better = metric->better;
  if (l.bad && loss_pct(primary_values(*l.good), primary_values(*l.bad), l.better) <= 0)
    throw UsageError(fmt::format("--bad: {}'s {} is not worse than the baseline's", a.bad,
                                 l.good->workload.primary_metric));
  l.looks = plan_looks(primary_values(*l.good).size(), kBatch, static_cast<std::size_t>(a.max_runs), kAlpha);
}

// Adds a batch's runs to the evidence, renumbering runs and warnings.
void add_batch(ResultSet& evidence, ResultSet set) {
  if (evidence.runs.empty()) {
    evidence = std::move(set);
    return;
  }
  const int offset = static_cast<int>(evidence.runs.size());
  for (auto& run : set.runs) evidence.runs.push_back(std::move(run));
  for (auto w : set.warnings) {
    if (w.run > 0) w.run += offset;
    evidence.warnings.push_back(std::move(w));
  }
  for (size_t i = 0; i < evidence.runs.size(); ++i) evidence.runs[i].index = static_cast<int>(i) + 1;
}

void write_evidence(const CheckArgs& a, const Loaded& l, const Decision& d, const ResultSet& evidence,
                    const std::string& line) {
  ordered_json j = {{"schema", kCheckSchema},      {"verdict", to_string(d.verdict)},
                    {"exit", exit_status(d.verdict)},   {"metric", l.good->workload.primary_metric},
                    {"change_pct", d.change_pct},       {"interval_pct", {d.interval_pct.low, d.interval_pct.high}},
                    {"threshold_pct", a.threshold},     {"runs", evidence.runs.size()},
                    {"alpha", kAlpha},                  {"look", d.look},
                    {"looks", l.looks.looks()},         {"critical_t", d.critical_t},
                    {"procedure", "repeated confidence intervals, Lan-DeMets Pocock-type alpha spending"},
                    {"baseline", {{"file", a.baseline}, {"label", l.good->label}}},
                    {"summary", line},                  {"set", evidence}};
  if (l.bad) j["bad"] = {{"file", a.bad}, {"label", l.bad->label}};
  sys::write_file_atomically(a.json, j.dump(2, ' ', false, ordered_json::error_handler_t::replace) + "\n", 0644);
}

// --lava: the verdict as a test case (pass good, fail bad, skip cannot
// tell; the change in percent as its measurement), the runs' set as
// another, and the runs in the job's log.
void report_to_lava(const CheckArgs& a, const Decision* d, const std::string& metric, const ResultSet* evidence) {
  if (a.lava_tool.empty()) return;
  std::vector<grid::LavaCase> cases;
  if (evidence) cases = grid::set_cases({*evidence}, "check");
  grid::LavaCase verdict{grid::lava_word("check." + metric), "skip", std::nullopt, "%"};
  if (d && d->verdict != Verdict::kUndecided) verdict.result = d->verdict == Verdict::kGood ? "pass" : "fail";
  if (d && d->look > 0) verdict.measurement = d->change_pct;
  cases.push_back(verdict);
  grid::report_cases(a.lava_tool, cases, std::cout);
  if (evidence) grid::print_result_block({utc_now_iso8601(), {*evidence}}, "check", std::cout);
}

int measure(const CheckArgs& a, Loaded& l) {
  RunSetup& setup = *l.setup;
  const ResultSet& good = *l.good;
  const std::string metric = good.workload.primary_metric;
  Session session;
  session.hold_global_controls(changes_global_state(setup.spec.scenario), setup.options().no_wait);
  CheckProgress observer(l.looks);
  ResultSet evidence;
  Decision d;
  for (std::size_t look = 1; look <= l.looks.looks(); ++look) {
    setup.spec.options.runs = static_cast<int>(l.looks.runs[look - 1] - evidence.runs.size());
    observer.at_look(look, d.look == 0 ? "" : fmt::format("  {:+.1f}% (CI {:+.1f}%..{:+.1f}%)", d.change_pct,
                                                            d.interval_pct.low, d.interval_pct.high));
    observer.batch(setup.spec.options.runs);
    const Experiment e{{setup}, 0, a.argv, setup.options()};
    NoSink no_sink;
    auto outcome = run_experiment(e, session.gate(), session.journal(), observer, no_sink);
    setup.spec.options.warmup_runs = 0;  // the baseline's warmup runs: once, before the first batch
    if (outcome.interrupted_by) throw Interrupted(outcome.interrupted_by);
    if (outcome.status != ExitStatus::kOk) {
      std::cout << fmt::format("skip: cannot run the baseline's workload here: {}\n", outcome.error);
      report_to_lava(a, nullptr, metric, nullptr);
      return kSkipExit;
    }
    add_batch(evidence, std::move(outcome.sets.front()));
    const auto current = primary_values(evidence);
    if (current.size() != l.looks.runs[look - 1]) continue;  // a look only at its planned size
    d = l.bad ? decide_between(primary_values(good), primary_values(*l.bad), current, l.better, l.looks, look)
              : decide_against_good(primary_values(good), current, l.better, a.threshold, l.looks, look);
    if (d.verdict != Verdict::kUndecided) break;
  }
  observer.done();
  const std::string line = fmt::format(
      "{}: {} {:+.2f}% (repeated {:.0f}% CI {:+.2f}% .. {:+.2f}%, look {} of {}) vs {}{}, {} runs{}",
      to_string(d.verdict), metric, d.change_pct, (1 - kAlpha) * 100, d.interval_pct.low, d.interval_pct.high,
      d.look, l.looks.looks(), good.label,
      l.bad ? " and bad " + l.bad->label : fmt::format(", threshold {}%", a.threshold), evidence.runs.size(),
      d.verdict == Verdict::kUndecided ? ": cannot tell" + baseline_hint(good, a.threshold) : "");
  std::cout << line << "\n";
  if (auto speed = machine_speed_difference(good, evidence, kAlpha); speed && speed->significant)
    std::cout << describe_speed("this kernel", *speed, metric, d.change_pct) << "\n";
  store::record_result_sets(a.store, {utc_now_iso8601(), {evidence}}, {});
  if (!a.json.empty()) write_evidence(a, l, d, evidence, line);
  report_to_lava(a, &d, metric, &evidence);
  return exit_status(d.verdict);
}

}  // namespace

int check_command(const WorkloadRegistry& workloads, const CheckOptions& options,
                  const std::vector<std::string>& argv) {
  CheckArgs a;
  Loaded loaded;
  std::optional<GuestCheck> in_guest;
  try {
    a = parse_args(options, argv);
    if (!options.kernel.empty()) in_guest = prepare_guest_check(workloads, options, argv);
    else load(workloads, a, loaded);
    if (!in_guest) describe_plan(*loaded.setup, *loaded.good, a);
  } catch (const Interrupted&) {
    throw;
  } catch (const std::exception& e) {  // UsageError, and whatever a malformed file made a library throw
    std::cerr << "schedlab: " << e.what() << " (check exits 255 so that git bisect run stops)\n";
    return kUsageExit;
  }
  if (in_guest) return run_guest_check(*in_guest);
  try {
    return measure(a, loaded);
  } catch (const Interrupted&) {
    throw;
  } catch (const std::exception& e) {
    std::cout << "skip: " << e.what() << "\n";
    report_to_lava(a, nullptr, loaded.good ? loaded.good->workload.primary_metric : "verdict", nullptr);
    return kSkipExit;
  }
}

Command add_check(CLI::App& app, const CommandContext& context) {
  auto o = std::make_shared<CheckOptions>();
  auto* check = app.add_subcommand("check", "for git bisect run: re-run the baseline's spec; exit 0 "
                                            "good, 1 bad, 125 cannot tell");
  add_input_path(*check, "--baseline", o->baseline, "result file of the good kernel")->required();
  add_input_path(*check, "--bad", o->bad, "result file of the bad kernel (optional)");
  check->add_option("--threshold", o->threshold, "percent loss of the primary metric that is bad (default 5)")
      ->type_name("PCT");
  check->add_option("--max-runs", o->max_runs, "most runs before giving up with 125 (default 15)")
      ->type_name("N");
  add_output_file(*check, "--json", o->json,
                  "write the evidence (runs, change, interval, verdict); replaces only an earlier one",
                  {.policy = ExistingFile::kOnlyOurs, .marker = kCheckSchema, .ours_are = "an earlier check --json file"});
  check->add_flag("--trust-baseline", o->trust_baseline,
                  "run what the baseline asks even when it is a command, writes a file or changes sysctls "
                  "or sched features (a baseline file is code)");
  add_input_path(*check, "--kernel", o->kernel, "boot this kernel in a guest shaped like the baseline's and "
                                                "judge it there (the baseline comes from schedlab kernels)",
                 "VMLINUZ[:INITRD]");
  check->add_flag("--trust-kernel", o->trust_kernel, "boot a --kernel owned by another user than root or you "
                                                     "(a kernel is code)");
  check->add_flag("--no-wait", o->no_wait, "exit 125 instead of waiting for another run's global controls");
  check->add_flag("--lava", o->lava, "in a LAVA test shell: report the verdict and the runs with lava-test-case "
                                     "and print them into the job's log (see schedlab lava job)");
  add_store_options(*check, o->store, true);
  return {check, [o, &context] { return check_command(context.workloads, *o, context.argv); }, 255, true};
}

}  // namespace schedlab
