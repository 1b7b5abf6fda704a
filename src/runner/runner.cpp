#include "runner/runner.h"

#include <fmt/format.h>
#include <signal.h>
#include <string.h>

#include "core/version.h"
#include "probes/probe.h"
#include "runner/copy_metrics.h"
#include "runner/measure_run.h"

namespace schedlab {

ResultSet describe_set(const RunSetup& s) {
  ResultSet set;
  set.label = s.options.label.value_or(s.environment.value("kernel", ordered_json::object())
                                           .value("release", std::string("unknown")));
  set.tool = {{"name", "schedlab"}, {"version", tool_version()}, {"git", tool_git_sha()}};
  set.workload.name = s.workload.info().name;
  set.workload.params = s.params;
  set.workload.primary_metric = s.workload.info().primary_metric;
  set.scenario = record_scenario(s.request, s.plan);
  set.scenario.requested["runs"] = s.options.runs;
  set.environment = s.environment;
  set.metrics = s.workload.info().metrics;
  for (const auto& m : copy_metrics()) set.metrics.push_back(m);
  for (const auto& probe : builtin_probes())
    for (const auto& m : probe->metrics()) set.metrics.push_back(m);
  return set;
}

RunSetOutcome run_set(const RunSetup& s, sys::SignalGate& gate, RunObserver& observer,
                      const std::function<void(const ResultSet&)>& save) {
  RunSetOutcome out{describe_set(s), ExitStatus::kOk};
  auto probes = builtin_probes();
  const RunContext context{s.workload, s.params, s.options, s.plan, s.worker_path, probes, gate};
  for (int i = 1; i <= s.options.runs; ++i) {
    observer.run_started(out.set, i, s.options.runs);
    try {
      out.set.runs.push_back(measure_run(context, i));
    } catch (const Error& e) {
      out.set.status = Status::kError;
      out.set.error = fmt::format("run {}: {}", i, e.what());
      out.status = e.status();
      save(out.set);
      return out;
    } catch (const Interrupted& e) {
      out.set.status = Status::kError;
      out.set.error = fmt::format("interrupted by SIG{} during run {} of {}",
                                  sigabbrev_np(e.signal_number()), i, s.options.runs);
      out.interrupted_by = e.signal_number();
      save(out.set);
      return out;
    }
    observer.run_finished(out.set, out.set.runs.back());
    save(out.set);
  }
  return out;
}

}  // namespace schedlab
