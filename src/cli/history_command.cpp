// `schedlab history [--workload W] [--kernel PATTERN] [--host H] [--label L]
// [--since DATE] [--json|--csv] [--store URL]`.
#include <iostream>

#include "cli/command.h"
#include "cli/store_commands.h"
#include "core/error.h"
#include "report/formats.h"
#include "store/set_filter.h"
#include "store/store_choice.h"

namespace schedlab {
namespace {

store::SetFilter filter_of(const HistoryArgs& a) {
  store::SetFilter f;
  f.workload = a.workload;
  f.kernel = a.kernel;
  f.host = a.host;
  f.label = a.label;
  f.spec = a.spec;
  for (const auto& [option, value] : {std::pair{"--kernel", a.kernel}, {"--host", a.host}, {"--label", a.label}})
    store::check_pattern(option, value);
  if (!a.since.empty()) {
    f.since_epoch = store::epoch_seconds(a.since);
    if (!f.since_epoch)
      throw UsageError("--since", a.since, "a date 2026-11-01 or a UTC time 2026-11-01T12:00:00Z");
  }
  return f;
}

}  // namespace

int history_command(const HistoryArgs& args, const WorkloadRegistry& workloads) {
  if (args.json + args.csv + !args.style.empty() > 1)
    throw UsageError("--json, --csv and --style: give one output format (--json is --style json)");
  const std::string style = args.json ? "json" : args.csv ? "csv" : args.style.empty() ? "text" : args.style;
  const auto format = history_formats().find(style);
  const auto filter = filter_of(args);
  const auto choice = to_store_choice(args.store);
  auto s = store::open_store(choice, store::Access::kRead, workloads);
  const auto rows = s->find(filter);
  if (style == "text" && rows.empty()) std::cout << "no stored set matches (" << describe(choice) << ")\n";
  else std::cout << format(rows);
  return 0;
}

Command add_history(CLI::App& app, const CommandContext& context) {
  auto h = std::make_shared<HistoryArgs>();
  auto* cmd = app.add_subcommand("history", "the stored result sets, one line each, oldest first");
  cmd->add_option("--workload", h->workload, "only this workload")->type_name("W");
  cmd->add_option("--kernel", h->kernel, "kernel release, wildcards allowed: 6.11*")->type_name("PATTERN");
  cmd->add_option("--host", h->host, "host name, wildcards allowed")->type_name("H");
  cmd->add_option("--label", h->label, "set label, wildcards allowed")->type_name("L");
  cmd->add_option("--spec", h->spec, "only sets of this spec: its id as the spec column shows it (4 to 12 hex "
                  "digits)")->type_name("ID");
  cmd->add_option("--since", h->since, "sets started on or after: 2026-11-01 or 2026-11-01T12:00:00Z")
      ->type_name("DATE");
  cmd->add_option("--style", h->style, "the output (default text)")->type_name(history_formats().type_name());
  cmd->add_flag("--json", h->json, "print JSON (schedlab.history/1): --style json");
  cmd->add_flag("--csv", h->csv, "print CSV: --style csv");
  add_store_options(*cmd, h->store, false);
  return {cmd, [h, &context] { return history_command(*h, context.workloads); }};
}

}  // namespace schedlab
