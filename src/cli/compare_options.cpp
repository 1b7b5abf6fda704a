#include "cli/compare_options.h"

#include <cstdlib>

#include "core/error.h"

namespace schedlab {

stats::TestKind parse_test_kind(const std::string& text) {
  if (text == "welch") return stats::TestKind::kWelch;
  if (text == "mwu") return stats::TestKind::kMannWhitney;
  if (text == "overlap") return stats::TestKind::kOverlap;
  throw UsageError("--test", text, "welch, mwu or overlap");
}

double parse_alpha(const std::string& text) {
  char* end = nullptr;
  const double a = std::strtod(text.c_str(), &end);
  if (text.empty() || *end != '\0' || !(a > 0 && a < 1))
    throw UsageError("--alpha", text, "a number between 0 and 1, e.g. 0.05");
  return a;
}

}  // namespace schedlab
