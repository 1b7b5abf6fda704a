#pragma once
#include <ostream>

#include "core/result.h"
#include "report/progress.h"
#include "runner/run_observer.h"
#include "workloads/builtin.h"

namespace schedlab {

// The console form of an experiment: a progress line on `progress` (when
// given: stderr on a terminal) with the current run, its window and the
// whole experiment's ETA, then each set's brief on `out` — or, with `full`
// (--all), one line per run and every metric's summary.  Fits an 80-column
// mail.
class TextReporter final : public RunObserver {
 public:
  // `workloads`: where a set's headline metrics are looked up;
  // `labelled`: prefix run lines with the set's label (several variants);
  // `full`: every metric's summary table after a set, not its headline.
  TextReporter(const WorkloadRegistry& workloads, std::ostream& out, std::ostream* progress, bool labelled = false,
               bool full = false)
      : workloads_(workloads), out_(out), progress_(progress), labelled_(labelled), full_(full) {}
  // Notes that concern every run (fidelity differences), once.
  void experiment_started(const std::vector<ResultSet>& sets) override;
  void run_started(const ResultSet& set, int index, int total) override;
  void run_finished(const ResultSet& set, const RunRecord& run) override;
  void window_progress(const ResultSet& set, int index, double elapsed_s, double length_s) override;
  void finish(const ResultSet& set);
  // A bundle's prefix for the progress line, and the seconds the rest of
  // the bundle takes after this experiment (added to the ETA).
  void present(std::string prefix, double eta_after_s) {
    prefix_ = std::move(prefix);
    eta_after_s_ = eta_after_s;
  }

 private:
  void show_progress(const ResultSet& set, int index, double elapsed_s, double length_s);

  const WorkloadRegistry& workloads_;
  std::ostream& out_;
  ProgressLine progress_;
  ExperimentClock clock_;
  bool labelled_;
  bool full_;
  int total_ = 0;
  std::string prefix_;
  double eta_after_s_ = 0;
};

// "method=fork child-exit=exit": every non-empty workload parameter.
std::string describe_params(const ResultSet& set);
// One line per run: primary metric, window, CPU split and start skew.
std::string format_run_line(const ResultSet& set, const RunRecord& run, int total);
// The heading and the summary table (mean, median, stddev, min, max,
// CoeffVar) of every metric that has values.
std::string format_summary(const ResultSet& set);
// The heading and the answer: the headline metrics (the primary and the
// key ones its workload has in `workloads`) with their 95% interval, the
// runs, and the warnings counted by kind — a few lines, whatever the probes
// recorded.
std::string format_brief(const ResultSet& set, const WorkloadRegistry& workloads);

}  // namespace schedlab
