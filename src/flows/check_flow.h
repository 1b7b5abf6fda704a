#pragma once
// The parts of `schedlab check` on this host, shared by its two designs:
// sequential (the current runs against the baseline's recorded runs, with
// the between-sitting model: flows/check_sequential.cpp) and interleaved
// (--interleave GOOD: both programs re-measured now in randomized blocks:
// flows/check_interleave.cpp).
#include <optional>
#include <string>
#include <vector>

#include "check/verdict.h"
#include "report/progress.h"
#include "core/result.h"
#include "runner/runner.h"
#include "runner/run_observer.h"
#include "store/sitting_history.h"
#include "store/store_choice.h"

namespace schedlab {

inline constexpr int kCheckBatch = 3;
inline constexpr const char* kCheckSchema = "schedlab.check/1";
inline constexpr int kCheckUsageExit = 255;  // git bisect run: abort the bisection
inline constexpr int kCheckSkipExit = 125;
inline constexpr double kCheckAlpha = 0.05;  // the stated error rate of a good or bad verdict

struct CheckArgs {
  std::string baseline, bad, json, interleave;
  store::StoreChoice store;
  double threshold = 5;
  int max_runs = 15;
  bool trust = false, no_wait = false;
  bool emulated_ok = false;  // --emulated-ok: a baseline and a run of which one was emulated may be compared
  std::string lava_tool;  // --lava: LAVA's lava-test-case ("" without --lava)
  std::vector<std::string> argv;
};

// The baseline (and bad) files and the setup, all checked before anything
// runs; every failure here is bad input.
struct Loaded {
  ResultFile good_file;
  std::optional<ResultFile> bad_file;
  const ResultSet* good = nullptr;
  const ResultSet* bad = nullptr;
  std::optional<RunSetup> setup;
  std::optional<RunSetup> good_setup;  // --interleave: the spec with the good program
  LookPlan looks;   // fixed before the first run
  Better better = Better::kHigher;
  store::History history;  // past sittings of the baseline's spec on this host
  // The registry load_check read the baseline with: the store's spec ids.
  const WorkloadRegistry* workloads = nullptr;
};

std::vector<double> primary_values(const ResultSet& set);

// Adds a batch's runs to the evidence, renumbering runs, warnings and, for
// interleaved batches, blocks (each batch's blocks follow the last).
void add_batch(ResultSet& evidence, ResultSet set);

// What the verdict line and the JSON say besides the decision.
struct CheckEvidence {
  Decision decision;
  std::string design;     // "sequential" or "interleaved"
  std::string procedure;  // the test and its boundaries, named
  std::vector<std::string> lines;  // printed after the verdict line: the model, the sentinel, flags
  ordered_json extra = ordered_json::object();  // merged into the JSON
  std::string reason;     // why undecided, when it is
  std::size_t runs = 0;   // current runs (interleaved: blocks) the decision saw
};

// "bad: elapsed_s +45.2% vs good (repeated 95% CI +20.9% .. +77.9%), threshold 10%, look 2 of 5,
// 6 runs; Lan-DeMets Pocock-type RCI, alpha 0.05".
std::string verdict_line(const CheckArgs& a, const Loaded& l, const CheckEvidence& e, std::size_t runs);

// Prints the verdict, records the sets, writes --json; returns the exit status.
int report_check(const CheckArgs& a, const Loaded& l, const CheckEvidence& e, const std::vector<ResultSet>& sets);

// --lava: the verdict as a test case "check.METRIC" (pass good, fail bad,
// skip cannot tell or cannot run; the change in percent as its
// measurement), each set as another, and the sets in the job's log
// (grid/lava_report.h).  `e` null: skipped before a decision.  Nothing
// without --lava.
void report_check_to_lava(const CheckArgs& a, const std::string& metric, const CheckEvidence* e,
                          const std::vector<ResultSet>& sets);

// The one line in place on a terminal while a check measures.
class CheckProgress final : public RunObserver {
 public:
  explicit CheckProgress(const LookPlan& plan);
  void at_look(std::size_t look, const std::string& so_far) {
    look_ = look;
    so_far_ = so_far;
  }
  void run_started(const ResultSet& set, int index, int) override { window_progress(set, index, 0, 0); }
  void run_finished(const ResultSet&, const RunRecord&) override {}
  void window_progress(const ResultSet&, int index, double elapsed, double length) override;
  void batch(int runs) { batch_left_ = runs; }
  void done();

 private:
  ProgressLine line_;
  const LookPlan& plan_;
  std::size_t look_ = 1;
  int batch_left_ = 0;
  std::string so_far_;
};

class Session;
// One batch of a check's runs, in the session.  An interrupt is rethrown;
// when the workload cannot run here, the skip line ("skip: cannot run WHAT
// here: why") is printed and reported to LAVA, and nullopt returned: the
// caller exits kCheckSkipExit.
std::optional<std::vector<ResultSet>> run_check_batch(const CheckArgs& a, const Loaded& l, const Experiment& exp,
                                                      Session& session, CheckProgress& observer, const char* what);

// The spec with its program (exec --program, shell --shell, the command's
// first word) replaced by `good`; UsageError naming --interleave when it
// runs none.
RunSpec with_good_program(const RunSpec& spec, const std::string& good);

int measure_sequential(const CheckArgs& a, Loaded& l);
int measure_interleaved(const CheckArgs& a, Loaded& l);

}  // namespace schedlab
