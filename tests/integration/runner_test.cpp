// The runner in-process, with a workload that misbehaves: a failure that is
// not schedlab's own still ends the set as ERROR, saved with its reason.
#include <gtest/gtest.h>

#include <filesystem>
#include <stdexcept>

#include "integration/harness.h"
#include "runner/runner.h"
#include "spec/run_option_table.h"
#include "sys/affinity.h"
#include "workloads/builtin.h"

namespace schedlab::testing {
namespace {

// spawn, except that deriving its metrics throws a library-style exception.
class ThrowingSpawn final : public Workload {
 public:
  explicit ThrowingSpawn(const Workload& spawn) : spawn_(spawn) {}
  const WorkloadInfo& info() const override { return spawn_.info(); }
  int processes_per_copy(const Params& p) const override { return spawn_.processes_per_copy(p); }
  WorkerArgs worker_args(const Params& p, const CopyPlacement& c, const RunResources& r) const override {
    return spawn_.worker_args(p, c, r);
  }
  void derive(const Params&, const WindowOutcome&, const RunResources&, RunRecord&) const override {
    throw std::out_of_range("map::at");
  }

 private:
  const Workload& spawn_;
};

struct Quiet final : RunObserver {
  void run_started(const ResultSet&, int, int) override {}
  void run_finished(const ResultSet&, const RunRecord&) override {}
};

}  // namespace

TEST(Runner, AForeignExceptionEndsTheSetAsAnError) {
  const auto workloads = builtin_workloads();
  const auto probes = builtin_probes();
  const ThrowingSpawn w(*workloads.find("spawn"));
  RunSpec spec{&w, {}, {}, {}};
  for (const auto& p : w.info().params) spec.params.set(p.name, parse_param(p, p.default_text));
  spec.options.runs = 2;
  spec.options.duration = std::chrono::milliseconds(100);
  const ScenarioPlan plan = plan_scenario(spec.scenario, sys::affinity_of(0), option_name);
  const StopRule stop = decide_stop_rule(w, spec.params, spec.options);
  const std::string worker =
      (std::filesystem::path(SCHEDLAB_BIN).parent_path() / "schedlab-worker").string();
  const Experiment e{{RunSetup{spec, plan, stop, worker, ordered_json::object(), "x", ordered_json::object(), &probes}}, 1, {"test"}, spec.options};
  sys::SignalGate gate;
  Journal journal;
  Quiet observer;
  struct Keep final : ResultSink {
    std::vector<ResultSet> sets;
    void save(const std::vector<ResultSet>& s) noexcept override { sets = s; }
  } keep;
  const ExperimentOutcome out = run_experiment(e, gate, journal, observer, keep);
  const std::vector<ResultSet>& saved = keep.sets;
  EXPECT_TRUE(out.internal_error);
  ASSERT_EQ(saved.size(), 1u) << "the set was saved before the experiment ended";
  EXPECT_EQ(saved[0].status, Status::kError);
  EXPECT_NE(saved[0].error.find("run 1: internal error: map::at"), std::string::npos) << saved[0].error;
  EXPECT_TRUE(running_workers().empty());
}

}  // namespace schedlab::testing
