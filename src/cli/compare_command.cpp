// `schedlab compare FILE... [--style ...] [--test ...] [--alpha A]`.
#include <fmt/format.h>

#include <CLI/CLI.hpp>
#include <iostream>

#include "cli/command.h"
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
  bind_option(*compare, "compare", "files", a->files);
  bind_option(*compare, "compare", "--style", a->style);
  bind_comparison_options(*compare, "compare", *a);
  bind_option(*compare, "compare", "--notes", a->notes);
  bind_option(*compare, "compare", "--no-history", a->no_history);
  return {compare, [a, &context] { return compare_command(*a, context.registries()); }};
}

}  // namespace schedlab
