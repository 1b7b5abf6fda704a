#pragma once
#include <chrono>
#include <ostream>
#include <string>
#include <vector>

#include "core/result.h"

namespace schedlab {

// One line of progress on a terminal, rewritten in place ("\r...\033[K").
// Silent without a stream (not a terminal, or --quiet).
class ProgressLine {
 public:
  explicit ProgressLine(std::ostream* out) : out_(out) {}
  void show(const std::string& text);
  void clear();
  bool active() const { return out_ != nullptr; }

 private:
  std::ostream* out_;
  bool shown_ = false;
};

// "45s", "3m05s", "1h02m".
std::string format_eta(double seconds);

// How long an experiment still takes: every planned run's warmup and
// window, plus the setup time measured on the runs so far (starting a
// thousand copies, reading them back, the sentinel, stopping them).
class ExperimentClock {
 public:
  // From the sets as described before the first run (their requested runs,
  // warmup runs, warmup and duration).
  void plan(const std::vector<ResultSet>& sets);
  void run_started();
  void run_finished();
  // Seconds left, given `elapsed` of the current run's nominal time.
  double remaining(double elapsed_in_run) const;
  int done() const { return done_; }
  int total() const { return total_; }

 private:
  double nominal_s_ = 0;  // warmup + window of one run (iteration-bound: measured)
  int total_ = 0, done_ = 0;
  double overhead_s_ = 0;  // setup measured per run, averaged
  std::chrono::steady_clock::time_point started_;
};

}  // namespace schedlab
