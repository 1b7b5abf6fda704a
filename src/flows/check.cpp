// `schedlab check` on this host as a flow over its typed request
// (CheckArgs): the baseline read and checked, what will run said, then the
// runs in batches until the verdict is clear (flows/check_sequential.cpp,
// flows/check_interleave.cpp); cli/check_command.cpp binds the command line
// to the request and calls these.
#include "flows/check.h"

#include <fmt/format.h>
#include <fmt/ranges.h>
#include <unistd.h>

#include <cmath>
#include <iostream>

#include "core/cpu_list.h"
#include "core/descriptive.h"
#include "core/duration.h"
#include "core/error.h"
#include "env/environment.h"
#include "report/text_reporter.h"
#include "runner/baseline_means.h"
#include "runner/run_setup.h"
#include "runner/spec_trust.h"
#include "spec/run_spec_io.h"
#include "store/result_file.h"
#include "sys/limits.h"

namespace schedlab {
namespace {

const ResultSet& first_pass_set(const ResultFile& file, const std::string& path) {
  for (const auto& set : file.sets)
    if (set.status == Status::kPass && set.runs.size() >= 2) return set;
  throw UsageError(path + ": no PASS result set with at least 2 runs to compare with");
}

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

// An emulated run against a native baseline (or the reverse) compares an
// emulator's costs with a CPU's: a +63% "pass" that says nothing.  Refused
// before anything runs, unless --emulated-ok says the mix is meant.
void refuse_mixed_emulation(const ResultSet& good, const ordered_json& environment, const CheckArgs& a) {
  const bool here = environment_is_emulated(environment), there = measured_under_emulation(good);
  if (a.emulated_ok || here == there) return;
  throw UsageError(fmt::format("{}: measured {}, and this check runs {}: an emulator's costs and a CPU's cannot be "
                               "compared (measure the baseline the same way, or --emulated-ok if that is meant)",
                               a.baseline, there ? "under QEMU's TCG emulation" : "natively",
                               here ? "under QEMU's TCG emulation" : "natively"));
}

}  // namespace

void describe_check_plan(const Loaded& l, const CheckArgs& a) {
  const RunSetup& s = *l.setup;
  const ResultSet& good = *l.good;
  const RunSpec& spec = s.spec;
  std::cerr << fmt::format("schedlab check: re-running {} ({}) from {}: copies {} on CPUs {}, {}, "
                           "batches of {} up to {} runs\n",
                           spec.workload->info().name, describe_params(good),
                           a.baseline, s.plan.copies, format_cpu_list(s.plan.cpu_set),
                           s.stop.window ? "window " + format_duration(*s.stop.window)
                                         : fmt::format("{} loops per copy", s.stop.iterations),
                           kCheckBatch, a.max_runs);
  std::vector<std::string> changes;
  const ScenarioRequest& r = spec.scenario;
  if (r.autogroup) changes.push_back(fmt::format("autogroup {}", *r.autogroup ? "on" : "off"));
  for (const auto& [key, value] : r.sysctls) changes.push_back(fmt::format("{}={}", key, value));
  for (const auto& f : r.sched_features) changes.push_back("sched feature " + f);
  if (r.cgroup_depth > 0) changes.push_back(fmt::format("a cgroup chain {} deep under {}", r.cgroup_depth, r.cgroup_parent));
  if (r.policy || r.nice) changes.push_back("the copies' policy and nice");
  std::cerr << fmt::format("schedlab check: it changes: {} (restored after every run)\n",
                           changes.empty() ? "nothing" : fmt::format("{}", fmt::join(changes, ", ")));
}

void load_check(const Registries& registries, const CheckArgs& a, Loaded& l) {
  const WorkloadRegistry& workloads = registries.workloads;
  l.workloads = &workloads;
  l.good_file = read_result_file(a.baseline, workloads);
  l.good = &first_pass_set(l.good_file, a.baseline);
  require_computable(*l.good, a.baseline);
  if (!a.bad.empty()) {
    l.bad_file = read_result_file(a.bad, workloads);
    l.bad = &first_pass_set(*l.bad_file, a.bad);
    require_computable(*l.bad, a.bad);
  }
  RunSpec spec = read_run_spec(*l.good, registries);
  if (!a.trust) refuse_untrusted(spec, a.baseline);
  const auto limits = sys::read_process_limits();
  refuse_beyond_means(spec.scenario, a.baseline, limits, a.trust, geteuid() == 0);
  spec.options.runs = kCheckBatch;
  spec.options.quiet = true;
  spec.options.json_path.reset();
  spec.options.label.reset();
  spec.options.no_wait = a.no_wait;
  const auto environment = collect_environment();
  refuse_mixed_emulation(*l.good, environment, a);
  if (!a.interleave.empty()) {
    l.good_setup.emplace(make_run_setup(registries.probes, with_good_program(spec, a.interleave), locate_worker(),
                                        environment, "good program", limits));
    l.good_setup->vary = {{"program", a.interleave}};
  }
  l.setup.emplace(make_run_setup(registries.probes, std::move(spec), locate_worker(), environment, "check", limits));
  const MetricSpec* metric = find_metric(l.good->metrics, l.good->workload.primary_metric);
  if (!metric) throw UsageError(a.baseline + ": the primary metric has no declaration in the file");
  l.better = metric->better;
  if (l.bad && loss_pct(primary_values(*l.good), primary_values(*l.bad), l.better) <= 0)
    throw UsageError(fmt::format("--bad: {}'s {} is not worse than the baseline's", a.bad,
                                 l.good->workload.primary_metric));
  const auto max_runs = static_cast<std::size_t>(a.max_runs);
  l.looks = a.interleave.empty() ? plan_looks(primary_values(*l.good).size(), kCheckBatch, max_runs, kCheckAlpha)
                                 : plan_paired_looks(kCheckBatch, max_runs, kCheckAlpha);
  if (a.interleave.empty()) l.history = store::read_history(a.store, *l.good, {l.good}, workloads);
}

int measure_check(const CheckArgs& a, Loaded& l) {
  try {
    return a.interleave.empty() ? measure_sequential(a, l) : measure_interleaved(a, l);
  } catch (const Interrupted&) {
    throw;
  } catch (const std::exception& e) {
    std::cout << "skip: " << e.what() << "\n";
    report_check_to_lava(a, l.good ? l.good->workload.primary_metric : "verdict", nullptr, {});
    return kCheckSkipExit;
  }
}

}  // namespace schedlab
