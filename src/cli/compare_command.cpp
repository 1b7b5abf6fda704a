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
int compare_command(const std::vector<std::string>& files, const std::string& style,
                    const std::string& test, const std::string& alpha, bool paired,
                    const std::string& metrics, bool force, const std::string& store,
                    const std::string& workload) {
  CompareOptions o;
  o.test = parse_test_kind(test);
  o.alpha = parse_alpha(alpha);
  o.paired = paired;
  o.force = force;
  if (!metrics.empty()) o.metrics = sys::split(metrics, ",");
  std::vector<ResultSet> sets = read_compare_inputs(files, store, workload);
  const Comparison c = build_comparison(std::move(sets), o);
  if (style == "mmtests") std::cout << format_mmtests(c);
  else if (style == "lkp") std::cout << format_lkp(c);
  else if (style == "markdown") std::cout << format_markdown(c);
  else if (style == "csv") std::cout << format_csv(c);
  else if (style == "json") std::cout << format_compare_json(c);
  else throw UsageError("--style", style, "mmtests, lkp, markdown, csv or json");
  return 0;
}

}  // namespace schedlab
