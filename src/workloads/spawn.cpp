// spawn: UnixBench spawn ("Process Creation").  One loop: fork (or vfork);
// the child leaves at once; the parent reaps it and checks the status.
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
          .help = "how the child is created", .choices = {"fork", "vfork"}},
         {.name = "child-exit", .kind = ParamKind::kChoice, .default_text = "exit",
          .help = "how the child leaves: exit(0) as UnixBench (libc's exit path, with its "
                  "copy-on-write faults) or _exit(0) (the kernel's alone); vfork children "
                  "always _exit",
          .choices = {"exit", "_exit"}, .absent_text = "_exit"}},
        {lps_metric("fork+exit+wait loops"), loops_metric()},
        "lps"};
    return kInfo;
  }
  // A vforked child shares its parent's memory: exit() would run the
  // parent's atexit handlers and flush its stdio, so it must _exit.
  void complete_params(Params& params, const ScenarioPlan&) const override {
    if (params.text("method") == "vfork") params.set("child-exit", std::string("_exit"));
  }
  int processes_per_copy(const Params&) const override { return 2; }
  WorkerArgs worker_args(const Params& params, const CopyPlacement&,
                         const RunResources&) const override {
    return {SL_MODE_SPAWN, {params.text("method"), params.text("child-exit")}};
  }
  void derive(const Params&, const WindowOutcome& outcome, const RunResources&,
              RunRecord& run) const override {
    derive_loops_per_second(outcome, run.values);
  }
};

}  // namespace

std::unique_ptr<Workload> make_spawn_workload() { return std::make_unique<Spawn>(); }

}  // namespace schedlab
