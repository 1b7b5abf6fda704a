// spawn: UnixBench spawn ("Process Creation").  One loop: fork (or vfork);
// the child _exits at once; the parent reaps it and checks the status.
#include "workloads/builtin.h"

namespace schedlab {
namespace {

class Spawn final : public Workload {
 public:
  const WorkloadInfo& info() const override {
    static const WorkloadInfo kInfo{
        "spawn",
        "fork a child that exits at once, reap it, repeat",
        "UnixBench spawn (Process Creation)",
        {{.name = "method", .kind = ParamKind::kChoice, .default_text = "fork",
          .help = "how the child is created", .choices = {"fork", "vfork"}}},
        {lps_metric("fork+exit+wait loops"), loops_metric()},
        "lps"};
    return kInfo;
  }
  int processes_per_copy(const Params&) const override { return 2; }
  WorkerArgs worker_args(const Params& params, const CopyPlacement&,
                         const RunResources&) const override {
    return {"spawn", {params.text("method")}};
  }
  void derive(const Params&, const WindowOutcome& outcome, const RunResources&,
              RunRecord& run) const override {
    MetricValues& values = run.values;
    derive_loops_per_second(outcome, values);
  }
};

}  // namespace

std::unique_ptr<Workload> make_spawn_workload() { return std::make_unique<Spawn>(); }

}  // namespace schedlab
