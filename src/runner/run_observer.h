#pragma once
// What watches an experiment as it runs (the text reporter, check's
// progress line, tests): told when runs start and end, never asked for
// anything.
#include <vector>

#include "core/result.h"

namespace schedlab {

class RunObserver {
 public:
  virtual ~RunObserver() = default;
  // The sets as described before the first run (their set-wide warnings).
  virtual void experiment_started(const std::vector<ResultSet>& /*sets*/) {}
  virtual void run_started(const ResultSet& set, int index, int total) = 0;
  virtual void run_finished(const ResultSet& set, const RunRecord& run) = 0;
  // About once a second while a run's warmup or window goes on: seconds
  // into it, and its length (0 when the copies' loops bound it).
  virtual void window_progress(const ResultSet& /*set*/, int /*index*/, double /*elapsed_s*/,
                               double /*length_s*/) {}
};

}  // namespace schedlab
