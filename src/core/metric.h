#pragma once
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

namespace schedlab {

enum class Better { kHigher, kLower };

// What a metric means: a reader never guesses its unit or direction.
// Names are snake_case and say what is measured; the unit is separate.
struct MetricSpec {
  std::string name;
  std::string unit;         // "loops/s", "us", "s", "%", "count", "KiB"
  Better better = Better::kHigher;
  std::string description;  // one line, shown by `schedlab list`
};

const char* to_string(Better b);
Better parse_better(const std::string& text);  // throws std::invalid_argument

// Finds `name` in `specs`; nullptr when absent.
const MetricSpec* find_metric(const std::vector<MetricSpec>& specs, const std::string& name);

}  // namespace schedlab
