#include "cli/compare_options.h"

#include <cstdlib>

#include "cli/command_options.h"
#include "core/error.h"
#include "sys/proc_files.h"

namespace schedlab {

stats::TestKind parse_test_kind(const std::string& text) {
  check_value(command_option("--test", "compare"), "--test", text);
  if (text == "welch") return stats::TestKind::kWelch;
  if (text == "mwu") return stats::TestKind::kMannWhitney;
  if (text == "overlap") return stats::TestKind::kOverlap;
  throw UsageError("--test", text, "welch, mwu or overlap (paired is --paired)");
}

double parse_alpha(const std::string& text) { return real_of(command_option("--alpha", "compare"), "--alpha", text); }

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
