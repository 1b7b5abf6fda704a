#pragma once
#include <optional>
#include <string>
#include <vector>

namespace schedlab {

// Where the lean loop program may be, in the order it is looked for:
// beside the schedlab binary (a build tree), then in the installed layout's
// libexec directory relative to it (bin/../libexec/schedlab, wherever the
// tree was installed or unpacked).
std::vector<std::string> worker_locations();
// The same places for the schedlab binary at `schedlab` (a guest's).
std::vector<std::string> worker_locations(const std::string& schedlab);

// The first of worker_locations() that is an executable file; nullopt when
// none is.
std::optional<std::string> find_worker();
std::optional<std::string> find_worker(const std::string& schedlab);

}  // namespace schedlab
