#include "cli/store_commands.h"

namespace schedlab {

StoreCommands::StoreCommands(CLI::App& app) {
  import_ = app.add_subcommand("import", "load result files into the store (sets already there are "
                                         "skipped)");
  import_->add_option("files", import_args_.files, "result files")->required()->type_name("FILE...");
  add_store_options(*import_, import_args_.store, false);

  export_ = app.add_subcommand("export", "stored sets as a result file that compare accepts");
  export_->add_option("ids", export_args_.ids, "set ids (see history) or selectors such as @kernel=6.11*")
      ->required()->type_name("ID...");
  export_->add_option("--json", export_args_.json, "write the result file here (default: stdout)")
      ->type_name("FILE");
  export_->add_flag("--kcidb", export_args_.kcidb, "a KCIDB v5.3 document (checkouts, builds, tests) for "
                                                   "kcidb-submit instead of a result file; needs --origin");
  export_->add_option("--origin", export_args_.origin, "with --kcidb: the CI system's KCIDB origin (lowercase "
                                                       "letters, digits, _), the prefix of every id")
      ->type_name("NAME");
  add_store_options(*export_, export_args_.store, false);

  history_ = app.add_subcommand("history", "the stored result sets, one line each, oldest first");
  auto& h = history_args_;
  history_->add_option("--workload", h.workload, "only this workload")->type_name("W");
  history_->add_option("--kernel", h.kernel, "kernel release, wildcards allowed: 6.11*")->type_name("PATTERN");
  history_->add_option("--host", h.host, "host name, wildcards allowed")->type_name("H");
  history_->add_option("--label", h.label, "set label, wildcards allowed")->type_name("L");
  history_->add_option("--since", h.since, "sets started on or after: 2026-11-01 or 2026-11-01T12:00:00Z")
      ->type_name("DATE");
  history_->add_flag("--json", h.json, "print JSON (schedlab.history/1)");
  history_->add_flag("--csv", h.csv, "print CSV");
  add_store_options(*history_, h.store, false);

  trend_ = app.add_subcommand("trend", "a workload's series of set means with its change points");
  auto& t = trend_args_;
  trend_->add_option("--workload", t.workload, "the workload")->required()->type_name("W");
  trend_->add_option("--metric", t.metric, "the metric (default: the primary one)")->type_name("M");
  trend_->add_option("--by", t.by, "order of the series: kernel (version order, default), time, commit")
      ->type_name("kernel|time|commit");
  trend_->add_option("--host", t.host, "only this host (wildcards allowed)")->type_name("H");
  trend_->add_flag("--json", t.json, "print JSON (schedlab.trend/1)");
  add_store_options(*trend_, t.store, false);
}

std::optional<int> StoreCommands::run() const {
  if (import_->parsed()) return import_command(import_args_);
  if (export_->parsed()) return export_command(export_args_);
  if (history_->parsed()) return history_command(history_args_);
  if (trend_->parsed()) return trend_command(trend_args_);
  return std::nullopt;
}

}  // namespace schedlab
