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
  CompareOptions o;
  o.test = parse_test_kind(a.test);
  o.alpha = parse_alpha(a.alpha);
  o.paired = a.paired;
  o.force = a.force;
  o.all_notes = a.notes;
  if (!a.metrics.empty() && a.all) throw UsageError("--all: cannot be combined with --metrics");
  if (!a.metrics.empty()) o.metrics = sys::split(a.metrics, ",");
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
