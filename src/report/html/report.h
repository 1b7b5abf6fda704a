#pragma once
// `schedlab report`: the comparison of result sets as one self-contained
// HTML page with plots (docs/report.md).
#include <optional>
#include <string>
#include <vector>

#include "compare/comparison.h"
#include "store/trend.h"

namespace schedlab::html {

struct ReportInput {
  Comparison comparison;
  std::vector<std::string> inputs;     // the files and selectors, as given
  std::optional<store::Trend> trend;   // the store's history, when the inputs name stored sets
  std::string trend_note;              // why there is no trend, or what it covers
  std::string created;                 // when the report was made (UTC)
  std::string generator;               // "schedlab 0.1.0 (abc123)"
};

// The page.  Pure: the same input gives the same bytes.
std::string render_report(const ReportInput& input);

}  // namespace schedlab::html
