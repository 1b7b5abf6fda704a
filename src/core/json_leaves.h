#pragma once
// A JSON object as its leaves: "kernel.release" = "6.1.0-27-amd64".  The
// environment is printed this way (`schedlab env`) and compared this way
// (the report's environment differences), so both say a key alike.
#include <nlohmann/json.hpp>

#include <initializer_list>
#include <string>
#include <utility>
#include <vector>

namespace schedlab {

using JsonLeaves = std::vector<std::pair<std::string, std::string>>;

// Appends to `out` each leaf of `j` under `prefix` (none when empty):
// nested objects are joined with dots, in the object's order; a string is
// shown as it is, anything else (an array too) as compact JSON, with bytes
// that are not UTF-8 replaced rather than refused.
void append_json_leaves(const nlohmann::ordered_json& j, const std::string& prefix, JsonLeaves& out);

// The string leaf at `path` ({"environment", "kernel", "release"}), or ""
// when a step is missing, not an object, or the leaf is not a string.
std::string text_at(const nlohmann::ordered_json& j, std::initializer_list<const char*> path);

}  // namespace schedlab
