// `schedlab compare FILE... [--style ...] [--test ...] [--alpha A]`.
#include <fmt/format.h>

#include <CLI/CLI.hpp>
#include <iostream>

#include "cli/commands.h"
#include "cli/store_commands.h"
#include "compare/comparison.h"
#include "core/error.h"
#include "report/compare_reporters.h"
#include "report/result_file.h"
#include "sys/proc_files.h"

namespace schedlab {
namespace {

stats::TestKind parse_test(const std::string& text) {
  if (text == "welch") return stats::TestKind::kWelch;
  if (text == "mwu") return stats::TestKind::kMannWhitney;
  if (text == "overlap") return stats::TestKind::kOverlap;
  throw UsageError("--test", text, "welch, mwu or overlap");
}

double parse_alpha(const std::string& text) {
  char* end = nullptr;
  const double a = std::strtod(text.c_str(), &end);
  if (text.empty() || *end != '\0' || !(a > 0 && a < 1)) throw UsageError("--alpha", text, "a number between 0 and 1, e.g. 0.05");
  return a;
}

}  // namespace

int compare_command(const std::vector<std::string>& files, const std::string& style,
                    const std::string& test, const std::string& alpha, bool paired,
                    const std::string& metrics, bool force, const std::string& store,
                    const std::string& workload) {
  CompareOptions o;
  o.test = parse_test(test);
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
