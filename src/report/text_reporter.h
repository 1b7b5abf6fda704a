#pragma once
#include <ostream>

#include "core/result.h"
#include "runner/runner.h"

namespace schedlab {

// The console form of a run: one line per run on `out`, a progress line on
// `progress` (when given: stderr on a terminal), then the summary.  Fits an
// 80-column mail.
class TextReporter final : public RunObserver {
 public:
  // `labelled`: prefix run lines with the set's label (several variants).
  TextReporter(std::ostream& out, std::ostream* progress, bool labelled = false)
      : out_(out), progress_(progress), labelled_(labelled) {}
  // Notes that concern every run (fidelity differences), once.
  void experiment_started(const std::vector<ResultSet>& sets) override;
  void run_started(const ResultSet& set, int index, int total) override;
  void run_finished(const ResultSet& set, const RunRecord& run) override;
  void finish(const ResultSet& set);

 private:
  std::ostream& out_;
  std::ostream* progress_;
  bool labelled_;
  int total_ = 0;
};

// "method=fork child-exit=exit": every non-empty workload parameter.
std::string describe_params(const ResultSet& set);
// One line per run: primary metric, window, CPU split and start skew.
std::string format_run_line(const ResultSet& set, const RunRecord& run, int total);
// The heading and the summary table (mean, median, stddev, min, max,
// CoeffVar) of every metric that has values.
std::string format_summary(const ResultSet& set);

}  // namespace schedlab
