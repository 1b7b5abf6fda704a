// context: UnixBench context1.  Two processes, two pipes, an 8-byte token
// each side checks and increments; one loop is one round trip.  --placement
// exists because the result is bimodal with placement (same CPU or not).
#include <fmt/format.h>

#include "core/cpu_list.h"
#include "core/error.h"
#include "workloads/builtin.h"

namespace schedlab {
namespace {

class Context final : public Workload {
 public:
  const WorkloadInfo& info() const override {
    static const WorkloadInfo kInfo{
        "context",
        "pass a token back and forth between two processes over two pipes",
        "UnixBench context1 (Pipe-based Context Switching)",
        {{.name = "placement", .kind = ParamKind::kChoice, .default_text = "free",
          .help = "free: unpinned; same-cpu: both on one CPU; cross-cpu: on two different CPUs",
          .choices = {"free", "same-cpu", "cross-cpu"}}},
        {lps_metric("round trips"), loops_metric()},
        "lps"};
    return kInfo;
  }

  void validate(const Params& params, const ScenarioPlan& plan) const override {
    if (params.text("placement") == "cross-cpu" && plan.cpu_set.size() < 2)
      throw UsageError("--placement", "cross-cpu",
                       fmt::format("a CPU set of at least 2 CPUs (the set is {})",
                                   format_cpu_list(plan.cpu_set)));
  }

  int processes_per_copy(const Params&) const override { return 2; }

  // Pair i uses CPUs 2i and 2i+1 of its set (wrapping), so pairs spread out.
  WorkerArgs worker_args(const Params& params, const CopyPlacement& copy,
                         const RunResources&) const override {
    const auto& placement = params.text("placement");
    if (placement == "free") return {SL_MODE_CONTEXT, {"-1", "-1"}};
    const size_t n = copy.cpus.size();
    const size_t a = placement == "same-cpu" ? static_cast<size_t>(copy.index) % n
                                             : (2 * static_cast<size_t>(copy.index)) % n;
    const size_t b = placement == "same-cpu" ? a : (a + 1) % n;
    return {SL_MODE_CONTEXT, {std::to_string(copy.cpus[a]), std::to_string(copy.cpus[b])}};
  }

  void derive(const Params&, const WindowOutcome& outcome, const RunResources&,
              RunRecord& run) const override {
    MetricValues& values = run.values;
    derive_loops_per_second(outcome, values);
  }
};

}  // namespace

std::unique_ptr<Workload> make_context_workload() { return std::make_unique<Context>(); }

}  // namespace schedlab
