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
#include "store/sitting_history.h"
#include "sys/proc_files.h"

namespace schedlab {
namespace {

// `schedlab compare` as typed.
struct CompareArgs {
  std::vector<std::string> files;  // result files, store selectors or ids
  std::string style = "mmtests", test, alpha = "0.05", metrics;
  bool paired = false, force = false, all = false, notes = false, no_history = false;
  std::string store, workload;  // for store selectors, and the history of the baseline's spec
};

// The store's past sittings of the baseline's spec on its host, for the
// between-sitting model of sequential sets (compare/between_sittings.h).
std::shared_ptr<const SittingHistory> history_of(const std::vector<ResultSet>& sets, const std::string& store,
                                                const WorkloadRegistry& workloads) {
  auto out = std::make_shared<SittingHistory>();
  if (sets.empty()) return out;
  std::vector<const ResultSet*> compared;
  compared.reserve(sets.size());
  for (const auto& set : sets) compared.push_back(&set);
  auto h = store::read_history(to_store_choice({store, false}), sets.front(), compared, workloads);
  out->host = store::host_of(sets.front());
  out->problem = h.problem;
  for (auto& sitting : h.sittings) out->sittings.push_back(std::move(sitting.sets));
  return out;
}

int compare_command(const CompareArgs& a, const Registries& registries) {
  const auto format = comparison_formats().find(a.style);  // a bad --style before any file is read
  CompareOptions o = comparison_options(a.test, a.alpha, a.paired, a.force, a.metrics, a.all);
  o.all_notes = a.notes;
  std::vector<ResultSet> sets = read_compare_inputs(a.files, a.store, a.workload, registries.workloads);
  if (a.all && !sets.empty()) o.metrics = all_metrics(sets.front());
  if (!a.no_history) o.history = history_of(sets, a.store, registries.workloads);
  std::cout << format(build_comparison(std::move(sets), o, registries));
  return 0;
}

}  // namespace

Command add_compare(CLI::App& app, const CommandContext& context) {
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
  compare->add_option("--test", a->test, "the significance test (default: paired when the runs were interleaved in "
                                         "blocks, --vary or kernels' boots, else welch)")
      ->type_name("paired|welch|mwu|overlap");
  compare->add_option("--alpha", a->alpha, "significance level (default 0.05)")->type_name("A");
  compare->add_flag("--paired", a->paired, "--test paired: pair runs by block");
  compare->add_option("--metrics", a->metrics, "metrics to compare, comma-separated (default: the primary "
                                               "metric and the workload's key metrics)")->type_name("LIST");
  compare->add_flag("--force", a->force, "compare even when the workload specs differ");
  compare->add_flag("--all", a->all, "compare every metric the sets recorded");
  compare->add_flag("--notes", a->notes, "print every note in full below the table");
  compare->add_flag("--no-history", a->no_history,
                    "sets measured one after the other: test them on their runs alone, without this spec's "
                    "between-sitting spread from the store's past sittings on this host");
  return {compare, [a, &context] { return compare_command(*a, context.registries()); }};
}

}  // namespace schedlab
