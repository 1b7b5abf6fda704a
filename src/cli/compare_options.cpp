#include "cli/compare_options.h"

#include <cstdlib>

#include "core/error.h"
#include "input/numbers.h"
#include "sys/proc_files.h"

namespace schedlab {

stats::TestKind parse_test_kind(const std::string& text) {
  if (text == "welch") return stats::TestKind::kWelch;
  if (text == "mwu") return stats::TestKind::kMannWhitney;
  if (text == "overlap") return stats::TestKind::kOverlap;
  throw UsageError("--test", text, "paired, welch, mwu or overlap");
}

double parse_alpha(const std::string& text) {
  const auto a = input::parse_real(text);
  if (!a || !(*a > 0 && *a < 1)) throw UsageError("--alpha", text, "a number between 0 and 1, e.g. 0.05");
  return *a;
}

CompareOptions comparison_options(const std::string& test, const std::string& alpha, bool paired, bool force,
                                  const std::string& metrics, bool all) {
  CompareOptions o;
  o.test_given = paired || !test.empty();
  o.paired = paired || test == "paired";
  if (!test.empty() && test != "paired") o.test = parse_test_kind(test);
  o.alpha = parse_alpha(alpha);
  o.force = force;
  if (!metrics.empty() && all) throw UsageError("--all: cannot be combined with --metrics");
  if (!metrics.empty()) o.metrics = sys::split(metrics, ",");
  return o;
}

}  // namespace schedlab
