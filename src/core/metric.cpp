#include "core/metric.h"

#include <stdexcept>

namespace schedlab {

const char* to_string(Better b) { return b == Better::kHigher ? "higher" : "lower"; }

Better parse_better(const std::string& text) {
  if (text == "higher") return Better::kHigher;
  if (text == "lower") return Better::kLower;
  throw std::invalid_argument("'better' must be \"higher\" or \"lower\", not \"" + text + "\"");
}

const MetricSpec* find_metric(const std::vector<MetricSpec>& specs, const std::string& name) {
  for (const auto& s : specs)
    if (s.name == name) return &s;
  return nullptr;
}

}  // namespace schedlab
