// `schedlab compare FILE... [--style ...] [--test ...] [--alpha A]`.
#include <fmt/format.h>

#include <CLI/CLI.hpp>
#include <iostream>

#include "cli/commands.h"
#include "cli/compare_options.h"
#include "cli/store_commands.h"
#include "compare/comparison.h"
#include "core/error.h"
#include "report/compare_reporters.h"
#include "report/result_file.h"
#include "sys/proc_files.h"

namespace schedlab {

int compare_command(const CompareArgs& a) {
  CompareOptions o = comparison_options(a.test, a.alpha, a.paired, a.force, a.metrics, a.all);
  o.all_notes = a.notes;
  std::vector<ResultSet> sets = read_compare_inputs(a.files, a.store, a.workload);
  if (a.all && !sets.empty()) o.metrics = all_metrics(sets.front());
  const Comparison c = build_comparison(std::move(sets), o);
  const std::string& style = a.style;
  if (style == "mmtests") std::cout << format_mmtests(c);
  else if (style == "lkp") std::cout << format_lkp(c);
  else if (style == "markdown") std::cout << format_markdown(c);
  else if (style == "csv") std::cout << format_csv(c);
  else if (style == "json") std::cout << format_compare_json(c);
  else throw UsageError("--style", style, "mmtests, lkp, markdown, csv or json");
  return 0;
}

}  // namespace schedlab
