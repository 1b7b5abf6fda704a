// `schedlab history [--workload W] [--kernel PATTERN] [--host H] [--label L]
// [--since DATE] [--json|--csv] [--store URL]`.
#include <iostream>

#include "cli/command.h"
#include "cli/command_options.h"
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
  for (auto [name, target] : {std::pair{"--workload", &h->workload}, {"--kernel", &h->kernel}, {"--host", &h->host},
                                {"--label", &h->label}, {"--spec", &h->spec}, {"--since", &h->since},
                                {"--style", &h->style}})
    bind_option(*cmd, "history", name, *target);
  bind_option(*cmd, "history", "--json", h->json);
  bind_option(*cmd, "history", "--csv", h->csv);
  add_store_options(*cmd, h->store, false);
  return {cmd, [h, &context] { return history_command(*h, context.workloads); }};
}

}  // namespace schedlab
