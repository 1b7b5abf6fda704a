#pragma once
#include <cstddef>
#include <string_view>

namespace schedlab {

// How deep JSON from outside (a result file, a journal) may nest.  A
// result file nests about 6 levels, a workload's details a few more; 40000
// '[' parse fine but nlohmann copies, compares and dumps a document
// recursively, so a deep one overflows the stack (fuzz_compare).
constexpr std::size_t kMaxJsonDepth = 256;

// Throws std::runtime_error "nested deeper than N levels" when an array or
// object of `text` lies more than `max_depth` levels deep.  Run it before
// parsing: it reads the text as the parser will (strings and their escapes
// skipped), so for any text the parser accepts it counts exactly, and for
// text it refuses it only says no earlier.
void check_json_depth(std::string_view text, std::size_t max_depth = kMaxJsonDepth);

}  // namespace schedlab
