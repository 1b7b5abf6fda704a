#include "cli/report_command.h"
#include "cli/command.h"

#include <fmt/format.h>
#include <sys/stat.h>

#include <CLI/CLI.hpp>
#include <fstream>
#include <iostream>

#include "cli/compare_options.h"
#include "cli/store_commands.h"
#include "core/error.h"
#include "core/version.h"
#include "report/html/document.h"
#include "report/html/report.h"
#include "store/result_file.h"
#include "store/selector.h"
#include "sys/proc_files.h"
#include "sys/safe_files.h"

namespace schedlab {
namespace {

CompareOptions compare_options(const ReportArgs& a) {
  return comparison_options(a.test, a.alpha, a.paired, a.force, a.metrics, a.all);
}

bool names_stored_sets(const std::vector<std::string>& inputs) {
  for (const auto& input : inputs)
    if (store::is_selector(input)) return true;
  return false;
}

// The host every set ran on, or "" when they ran on several.
std::string common_host(const std::vector<ResultSet>& sets) {
  std::string host;
  for (const auto& set : sets) {
    const std::string h = set.environment.value("system", ordered_json::object()).value("hostname", "");
    if (!host.empty() && h != host) return "";
    host = h;
  }
  return host;
}

// The store's series of the baseline's primary metric, by kernel, on the
// sets' host; a store that cannot give one leaves a note instead.
void add_trend(html::ReportInput& in, const ReportArgs& a, const WorkloadRegistry& workloads) {
  const auto& base = in.comparison.sets.front();
  store::TrendQuery q;
  q.workload = base.workload.name;
  q.metric = base.workload.primary_metric;
  q.host = common_host(in.comparison.sets);
  try {
    auto s = store::open_store(to_store_choice({a.store, false}), store::Access::kRead, workloads);
    in.trend = store::build_trend(*s, q);
    in.trend_note = fmt::format("Every PASS set of {} in the store{}, by kernel release, as 'schedlab trend "
                                "--workload {}{}' shows it.",
                                q.workload, q.host.empty() ? "" : " on host " + q.host, q.workload,
                                q.host.empty() ? "" : " --host " + q.host);
  } catch (const Error& e) {  // no PASS set of the workload, or the store went away
    in.trend_note = std::string("No history: ") + e.what();
  }
}

void write_output(const std::string& path, const std::string& page) {
  if (path == "-") {
    std::cout << page;
    return;
  }
  sys::write_file_atomically(path, page, 0644);
}

std::size_t count_plots(const std::string& page) {
  std::size_t n = 0;
  for (auto at = page.find("<svg "); at != std::string::npos; at = page.find("<svg ", at + 1)) ++n;
  return n;
}

}  // namespace

int report_command(const ReportArgs& a, const Registries& registries) {
  CompareOptions options = compare_options(a);
  std::vector<ResultSet> sets = read_compare_inputs(a.inputs, a.store, a.workload, registries.workloads);
  if (a.all && !sets.empty()) options.metrics = all_metrics(sets.front());
  html::ReportInput in{build_comparison(std::move(sets), options, registries),
                       a.inputs, std::nullopt, "", utc_now_iso8601(),
                       fmt::format("schedlab {} ({})", tool_version(), tool_git_sha())};
  if (names_stored_sets(a.inputs)) add_trend(in, a, registries.workloads);
  const std::string page = html::render_report(in);
  write_output(a.output, page);
  if (a.output != "-")
    std::cout << fmt::format("report: {} ({} set{}, {} plots)\n", a.output, in.comparison.sets.size(),
                             in.comparison.sets.size() == 1 ? "" : "s", count_plots(page));
  return 0;
}

Command add_report(CLI::App& app, const CommandContext& context) {
  auto a = std::make_shared<ReportArgs>();
  auto* cmd = app.add_subcommand("report", "the comparison as one self-contained HTML page with plots");
  bind_option(*cmd, "report", "inputs", a->inputs);
  bind_option(*cmd, "report", "--output", a->output);
  bind_comparison_options(*cmd, "report", *a);
  return {cmd, [a, &context] { return report_command(*a, context.registries()); }};
}

}  // namespace schedlab
