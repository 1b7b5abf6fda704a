// `schedlab check --baseline GOOD.json [--bad BAD.json] [--threshold PCT]
// [--max-runs N] [--json FILE]` for `git bisect run`: re-runs the baseline's
// workload and scenario in batches until the verdict is clear, then exits 0
// (good), 1 (bad) or 125 (cannot tell, cannot run).  Bad input exits 255,
// so that git bisect run stops instead of marking a commit bad.
#include <fmt/format.h>

#include <fstream>
#include <iostream>
#include <sstream>

#include "check/verdict.h"
#include "cli/commands.h"
#include "cli/run_setup.h"
#include "core/duration.h"
#include "core/error.h"
#include "core/whole_number.h"
#include "env/environment.h"
#include "report/result_file.h"
#include "runner/runner.h"
#include "store/record.h"
#include "sys/limits.h"
#include "sys/reaper.h"

namespace schedlab {
namespace {

constexpr int kBatch = 3;
constexpr int kUsageExit = 255;  // git bisect run: abort the bisection

struct NullObserver final : RunObserver {
  void run_started(const ResultSet&, int, int) override {}
  void run_finished(const ResultSet&, const RunRecord&) override {}
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

// The baseline's workload, scenario and run options, checked on this machine.
RunSetup setup_from(const WorkloadRegistry& workloads, const ResultSet& good) {
  const Workload* w = workloads.find(good.workload.name);
  if (!w) throw UsageError("the baseline's workload '" + good.workload.name + "' is unknown to this schedlab");
  const auto& req = good.scenario.requested;
  RunOptions options;
  options.runs = kBatch;
  if (req.contains("duration_s") && req.at("duration_s").is_number())
    options.duration = std::chrono::nanoseconds(static_cast<std::int64_t>(req.at("duration_s").get<double>() * 1e9));
  options.warmup = std::chrono::nanoseconds(static_cast<std::int64_t>(req.value("warmup_s", 0.0) * 1e9));
  options.quiet = true;
  return make_run_setup(*w, good.workload.params, options, request_from_json(req), locate_worker(),
                        collect_environment(), "check", sys::read_process_limits());
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
};

int run_check(const WorkloadRegistry& workloads, const CheckArgs& a) {
  const ResultFile good_file = read_result_file(a.baseline);
  const ResultSet& good = first_pass_set(good_file, a.baseline);
  std::optional<ResultFile> bad_file;
  if (!a.bad.empty()) bad_file = read_result_file(a.bad);
  const ResultSet* bad = bad_file ? &first_pass_set(*bad_file, a.bad) : nullptr;
  const std::string metric = good.workload.primary_metric;
  const MetricSpec* spec = find_metric(good.metrics, metric);
  RunSetup setup = setup_from(workloads, good);

  sys::SignalGate gate;
  sys::become_child_subreaper();
  Journal journal;
  NullObserver observer;
  std::vector<double> current;
  ResultSet evidence;
  Decision d;
  while (static_cast<int>(current.size()) < a.max_runs) {
    setup.options.runs = std::min(kBatch, a.max_runs - static_cast<int>(current.size()));
    const Experiment e{{setup}, 0};
    auto outcome = run_experiment(e, gate, journal, observer, [](const auto&) {});
    if (outcome.interrupted_by) throw Interrupted(outcome.interrupted_by);
    if (outcome.status != ExitStatus::kOk) {
      std::cout << fmt::format("skip: cannot run the baseline's workload here: {}\n", outcome.error);
      return 125;
    }
    auto& set = outcome.sets.front();
    if (evidence.runs.empty()) evidence = set;
    else for (auto& run : set.runs) evidence.runs.push_back(run);
    for (size_t i = 0; i < evidence.runs.size(); ++i) evidence.runs[i].index = static_cast<int>(i) + 1;
    current = primary_values(evidence);
    d = bad ? decide_between(primary_values(good), primary_values(*bad), current, 0.05)
            : decide_against_good(primary_values(good), current, spec->better, a.threshold, 0.05);
    if (d.verdict != Verdict::kUndecided) break;
  }
  const std::string line = fmt::format(
      "{}: {} {:+.2f}% (95% CI {:+.2f}% .. {:+.2f}%) vs {}{}, {} runs{}", to_string(d.verdict), metric,
      d.change_pct, d.interval_pct.low, d.interval_pct.high, good.label,
      bad ? " and bad " + bad->label : fmt::format(", threshold {}%", a.threshold), current.size(),
      d.verdict == Verdict::kUndecided ? ": cannot tell" + baseline_hint(good, a.threshold) : "");
  std::cout << line << "\n";
  store::record_result_sets(a.store, {utc_now_iso8601(), {evidence}}, {});
  if (!a.json.empty()) {
    ordered_json j = {{"schema", "schedlab.check/1"},      {"verdict", to_string(d.verdict)},
                      {"exit", exit_status(d.verdict)},   {"metric", metric},
                      {"change_pct", d.change_pct},       {"interval_pct", {d.interval_pct.low, d.interval_pct.high}},
                      {"threshold_pct", a.threshold},     {"runs", current.size()},
                      {"baseline", {{"file", a.baseline}, {"label", good.label}}},
                      {"summary", line},                  {"set", evidence}};
    if (bad) j["bad"] = {{"file", a.bad}, {"label", bad->label}};
    std::ofstream(a.json) << j.dump(2) << "\n";
  }
  return exit_status(d.verdict);
}

}  // namespace

int check_command(const WorkloadRegistry& workloads, const std::string& baseline, const std::string& bad,
                  const std::string& threshold, const std::string& max_runs, const std::string& json,
                  const StoreOptionTexts& store) {
  try {
    CheckArgs a{baseline, bad, json, to_store_choice(store)};
    char* end = nullptr;
    a.threshold = std::strtod(threshold.c_str(), &end);
    if (threshold.empty() || *end != '\0' || !(a.threshold > 0 && a.threshold < 1000))
      throw UsageError("--threshold", threshold, "a percentage above 0, e.g. 5");
    const auto runs = parse_whole_number(max_runs, 2, 1000);
    if (!runs) throw UsageError("--max-runs", max_runs, "a whole number from 2 to 1000");
    a.max_runs = *runs;
    if (!json.empty()) check_writable("--json", json);
    return run_check(workloads, a);
  } catch (const UsageError& e) {
    std::cerr << "schedlab: " << e.what() << " (check exits 255 so that git bisect run stops)\n";
    return kUsageExit;
  } catch (const Interrupted&) {
    throw;
  } catch (const Error& e) {
    std::cout << "skip: " << e.what() << "\n";
    return 125;
  }
}

}  // namespace schedlab
