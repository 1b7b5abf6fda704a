#pragma once
#include <optional>
#include <string>

namespace schedlab {

// The lean loop program, installed (and built) beside the schedlab binary;
// nullopt when it is missing or not executable.
std::optional<std::string> find_worker();

}  // namespace schedlab
