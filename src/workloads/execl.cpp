// execl: UnixBench execl.  One loop: the process re-executes itself (the
// dynamically linked schedlab-worker), same pid, no fork; the count travels
// in argv.
#include "workloads/builtin.h"

namespace schedlab {
namespace {

class Execl final : public Workload {
 public:
  const WorkloadInfo& info() const override {
    static const WorkloadInfo kInfo{
        "execl",
        "re-exec the same (dynamically linked) program in the same process",
        "UnixBench execl (Execl Throughput)",
        {},
        {lps_metric("execs of the process itself"), loops_metric()},
        "lps"};
    return kInfo;
  }
  int processes_per_copy(const Params&) const override { return 1; }
  WorkerArgs worker_args(const Params&, const CopyPlacement&,
                         const RunResources&) const override {
    return {SL_MODE_EXECL, {"0"}};
  }
  void derive(const Params&, const WindowOutcome& outcome, const RunResources&,
              RunRecord& run) const override {
    MetricValues& values = run.values;
    derive_loops_per_second(outcome, values);
  }
};

}  // namespace

std::unique_ptr<Workload> make_execl_workload() { return std::make_unique<Execl>(); }

}  // namespace schedlab
