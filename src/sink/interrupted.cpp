#include "sink/interrupted.h"

#include <algorithm>
#include <iostream>

namespace schedlab {
namespace {

bool any_completed_run(const std::vector<ResultSet>& sets) {
  return std::any_of(sets.begin(), sets.end(), [](const ResultSet& s) { return !s.runs.empty(); });
}

}  // namespace

Interrupted interrupted_after(int signal_number, const std::vector<ResultSet>& sets, const JsonFileSink& file,
                              const ResultSink& sinks) {
  if (const std::string failed = file.failure(); !failed.empty()) std::cerr << "schedlab: " << failed << "\n";
  return Interrupted(signal_number, any_completed_run(sets) && sinks.keeps());
}

}  // namespace schedlab
