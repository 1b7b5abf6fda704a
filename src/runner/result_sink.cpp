#include "runner/result_sink.h"

#include <algorithm>

namespace schedlab {

bool any_completed_run(const std::vector<ResultSet>& sets) {
  return std::any_of(sets.begin(), sets.end(), [](const ResultSet& s) { return !s.runs.empty(); });
}

}  // namespace schedlab
