// `schedlab trend --workload W [--metric M] [--by kernel|time|commit]
// [--host H] [--json] [--store URL]`.
#include <iostream>

#include "cli/command.h"
#include "cli/store_commands.h"
#include "core/error.h"
#include "report/formats.h"
#include "store/set_filter.h"
#include "store/store_choice.h"

namespace schedlab {
namespace {

store::TrendBy parse_by(const std::string& text) {
  if (text == "kernel") return store::TrendBy::kKernel;
  if (text == "time") return store::TrendBy::kTime;
  if (text == "commit") return store::TrendBy::kCommit;
  throw UsageError("--by", text, "kernel, time or commit");
}

}  // namespace

int trend_command(const TrendArgs& args, const WorkloadRegistry& workloads) {
  if (args.json && !args.style.empty())
    throw UsageError("--json and --style: give one output format (--json is --style json)");
  const auto format = trend_formats().find(args.json ? "json" : args.style.empty() ? "text" : args.style);
  store::TrendQuery q;
  q.workload = args.workload;
  q.metric = args.metric;
  q.host = args.host;
  q.spec = args.spec;
  if (!q.spec.empty()) store::check_spec_id("--spec", q.spec);
  store::check_pattern("--host", q.host);
  q.by = parse_by(args.by);
  const auto choice = to_store_choice(args.store);
  auto s = store::open_store(choice, store::Access::kRead, workloads);
  const auto trend = store::build_trend(*s, q);
  std::cout << format(trend);
  return 0;
}

Command add_trend(CLI::App& app, const CommandContext& context) {
  auto t = std::make_shared<TrendArgs>();
  auto* cmd = app.add_subcommand("trend", "a workload's series of set means with its change points");
  cmd->add_option("--workload", t->workload, "the workload")->required()->type_name("W");
  cmd->add_option("--metric", t->metric, "the metric (default: the primary one)")->type_name("M");
  cmd->add_option("--by", t->by, "order of the series: kernel (version order, default), time, commit")
      ->type_name("kernel|time|commit");
  cmd->add_option("--host", t->host, "only this host (wildcards allowed)")->type_name("H");
  cmd->add_option("--spec", t->spec, "the series of this spec (history shows the ids; default: the spec of the "
                                     "latest set; other specs are listed, never averaged in)")
      ->type_name("ID");
  cmd->add_option("--style", t->style, "the output (default text)")->type_name(trend_formats().type_name());
  cmd->add_flag("--json", t->json, "print JSON (schedlab.trend/1): --style json");
  add_store_options(*cmd, t->store, false);
  return {cmd, [t, &context] { return trend_command(*t, context.workloads); }};
}

}  // namespace schedlab
