#include "sink/interrupted.h"

#include <iostream>

namespace schedlab {

Interrupted interrupted_after(int signal_number, const std::vector<ResultSet>& sets, const JsonFileSink& file,
                              const ResultSink& sinks) {
  if (const std::string failed = file.failure(); !failed.empty()) std::cerr << "schedlab: " << failed << "\n";
  return Interrupted(signal_number, any_completed_run(sets) && sinks.keeps());
}

}  // namespace schedlab
