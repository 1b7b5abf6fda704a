#include "flows/guest_spec.h"

#include "core/duration.h"
#include "spec/run_option_table.h"
#include "spec/run_spec_io.h"
#include "spec/vary.h"

namespace schedlab {
namespace {

ResultSet describe_variant(const Workload& w, const ProbeList& probes, const ParsedRun& parsed, const Assignment& assignment,
                           std::vector<guest::KernelNeed>& needs) {
  RunSettings settings = parsed.settings;
  WorkloadOptions options = *parsed.workload_options;
  for (const auto& [key, value] : assignment) apply_assignment(key, value, settings, options);
  check_settings(settings);
  const RunSpec spec = make_run_spec(w, probes, settings, options);
  guest::merge_needs(needs, guest::kernel_needs(spec, probes, run_option_specs()));
  ResultSet set;
  set.tool = ordered_json::object();
  write_run_spec(spec, set);
  set.label = assignment.empty() ? "" : assignment_label(assignment);
  set.metrics = w.info().metrics;
  return set;
}

}  // namespace

GuestSpec make_guest_spec(const Workload& w, const ProbeList& probes, ParsedRun parsed, const std::vector<std::string>& words) {
  GuestSpec g{std::move(parsed), {"run"}, {}, 1, 0, {}};
  g.run_args.insert(g.run_args.end(), words.begin(), words.end());
  std::vector<VaryAxis> axes;
  for (const auto& v : g.parsed.experiment.vary) axes.push_back(parse_vary(v));
  for (const auto& assignment : expand_axes(axes))
    g.described.push_back(describe_variant(w, probes, g.parsed, assignment, g.needs));
  const RunOptions& options = g.parsed.settings.options;
  g.runs = options.runs;
  const double per_run = to_seconds(options.window() + options.warmup + options.wait_idle.value_or(std::chrono::seconds(0)));
  g.expected_s = static_cast<double>(g.described.size() * static_cast<std::size_t>(options.runs + options.warmup_runs)) *
                 (per_run + 5);  // 5 s: each run's setup and teardown in a slow guest
  return g;
}

}  // namespace schedlab
