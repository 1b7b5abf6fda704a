// `schedlab compare FILE... [--style ...] [--test ...] [--alpha A]`.
#include <fmt/format.h>

#include <CLI/CLI.hpp>
#include <iostream>

#include "cli/command.h"
#include "cli/path_options.h"
#include "cli/compare_options.h"
#include "cli/store_commands.h"
#include "compare/comparison.h"
#include "core/error.h"
#include "report/formats.h"
#include "store/result_file.h"
#include "sys/proc_files.h"

namespace schedlab {
namespace {

// `schedlab compare` as typed.
struct CompareArgs {
  std::vector<std::string> files;  // result files, store selectors or ids
  std::string style = "mmtests", test = "welch", alpha = "0.05", metrics;
  bool paired = false, force = false, all = false, notes = false;
  std::string store, workload;  // for store selectors
};

int compare_command(const CompareArgs& a) {
  const auto format = comparison_formats().find(a.style);  // a bad --style before any file is read
  CompareOptions o = comparison_options(a.test, a.alpha, a.paired, a.force, a.metrics, a.all);
  o.all_notes = a.notes;
  std::vector<ResultSet> sets = read_compare_inputs(a.files, a.store, a.workload);
  if (a.all && !sets.empty()) o.metrics = all_metrics(sets.front());
  std::cout << format(build_comparison(std::move(sets), o));
  return 0;
}

}  // namespace

Command add_compare(CLI::App& app, const CommandContext&) {
  auto a = std::make_shared<CompareArgs>();
  auto* compare = app.add_subcommand("compare", "compare result sets: the first is the baseline");
  add_input_path(*compare, "files", a->files, "result files, store selectors (@kernel=K, @label=L, @host=H, "
                                              "@id=N) or set ids", "FILE|@SELECTOR...")
      ->required();
  compare->add_option("--workload", a->workload, "only the selectors' sets of this workload")->type_name("W");
  compare->add_option("--store", a->store, "the store the selectors read (default: $SCHEDLAB_STORE, else "
                                           "$XDG_DATA_HOME/schedlab/results.db)")->type_name("URL");
  compare->add_option("--style", a->style, "the table (default mmtests; html: the report's page)")
      ->type_name(comparison_formats().type_name());
  compare->add_option("--test", a->test, "welch (default), mwu or overlap")->type_name("welch|mwu|overlap");
  compare->add_option("--alpha", a->alpha, "significance level (default 0.05)")->type_name("A");
  compare->add_flag("--paired", a->paired, "pair runs by --vary block (paired t-test)");
  compare->add_option("--metrics", a->metrics, "metrics to compare, comma-separated (default: the primary "
                                               "metric and the workload's key metrics)")->type_name("LIST");
  compare->add_flag("--force", a->force, "compare even when the workload specs differ");
  compare->add_flag("--all", a->all, "compare every metric the sets recorded");
  compare->add_flag("--notes", a->notes, "print every note in full below the table");
  return {compare, [a] { return compare_command(*a); }};
}

}  // namespace schedlab
