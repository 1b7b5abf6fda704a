// command: any command, run once per run without a shell and timed like
// /usr/bin/time: elapsed, user and system time of it and every descendant
// (orphaned grandchildren included: the worker is a subreaper), CPU%,
// context switches, faults and max RSS — the figures mmtests and LKP take.
#include <fmt/format.h>
#include <unistd.h>

#include <filesystem>

#include "core/error.h"
#include "workloads/builtin.h"
#include "workloads/scratch_dir.h"

namespace schedlab {
namespace {

class CommandWorkload final : public Workload {
 public:
  const WorkloadInfo& info() const override {
    static const WorkloadInfo kInfo{
        "command",
        "run a command once per run, timed like /usr/bin/time (schedlab run command -- CMD ARGS)",
        "mmtests' and LKP's /usr/bin/time figures for any command (e.g. make test in git)",
        {{.name = "cwd", .kind = ParamKind::kText, .default_text = ".",
          .help = "directory the command runs in", .role = ParamRole::kCode},
         {.name = "env", .kind = ParamKind::kList, .help = "K=V added to the environment (repeatable)",
          .role = ParamRole::kCode},
         {.name = "ignore-status", .kind = ParamKind::kFlag,
          .help = "a non-zero exit status is not an error"},
         {.name = "discard-output", .kind = ParamKind::kFlag,
          .help = "send the command's stdout and stderr to /dev/null instead of files"},
         {.name = "keep-output", .kind = ParamKind::kFlag,
          .help = "keep the command's stdout and stderr of each run beside the --json file (RESULT.runN.stdout, "
                  ".stderr; without --json in the current directory); by default they go to a scratch "
                  "directory removed after the run",
          .role = ParamRole::kPresentation},
         {.name = "command", .kind = ParamKind::kCommand,
          .help = "the command and its arguments, after --"}},
        {{"elapsed_s", "s", Better::kLower, "wall time from start to the command's exit"},
         {"cpu_pct", "%", Better::kLower, "(user + sys) / elapsed x 100, descendants included"}},
        "elapsed_s",
        /*signal_at_stop=*/false,
        /*derived_params=*/{},
        /*key_metrics=*/{"user_s", "sys_s"},
        /*smoke_args=*/{"--", "/bin/true"}};
    return kInfo;
  }

  void validate(const Params& params, const ScenarioPlan&) const override {
    std::error_code ec;
    if (!std::filesystem::is_directory(params.text("cwd"), ec))
      throw UsageError("--cwd", params.text("cwd"), "an existing directory");
    for (const auto& kv : params.list("env"))
      if (kv.find('=') == std::string::npos || kv.front() == '=')
        throw UsageError("--env", kv, "K=V");
    if (params.flag("keep-output") && params.flag("discard-output"))
      throw UsageError("--keep-output and --discard-output: give one (keep the command's output or discard it)");
  }

  int processes_per_copy(const Params&) const override { return 2; }

  StopSupport stop_support(const Params&) const override {
    return {.window = false, .fixed_iterations = 1, .warmup = false,
            .why = "the command runs once per run; use --runs for repetitions and --warmup-runs "
                   "to run and discard whole runs first"};
  }

  // Output files go to a scratch directory that is removed afterwards (their
  // last lines still reach the error), so a run leaves nothing behind; with
  // --keep-output beside the result file, to be read after the run (a
  // failing `make test`'s log).
  RunResources prepare_run(const Params& params, RunPrep& prep) const override {
    RunResources r{prep.run_index, "", ""};
    if (params.flag("discard-output")) return r;
    if (params.flag("keep-output")) {
      const std::filesystem::path json(prep.result_file.value_or("command.json"));
      r.output_base = (json.parent_path().empty() ? std::filesystem::path(".") : json.parent_path()) /
                      fmt::format("{}.run{}", json.stem().string(), prep.run_index);
    } else {
      r.dir = make_scratch_dir("schedlab-command", prep.journal, prep.guards);
      r.output_base = fmt::format("{}/run{}", r.dir, prep.run_index);
    }
    return r;
  }

  WorkerArgs worker_args(const Params& params, const CopyPlacement& copy,
                         const RunResources& resources) const override {
    const auto& env = params.list("env");
    WorkerArgs w{SL_MODE_COMMAND,
                 {std::filesystem::absolute(params.text("cwd")).string(),
                  params.flag("ignore-status") ? "1" : "0", std::to_string(env.size())}};
    w.discard_stderr = params.flag("discard-output");
    w.args.insert(w.args.end(), env.begin(), env.end());
    const auto& command = params.list("command");
    w.args.insert(w.args.end(), command.begin(), command.end());
    if (!resources.output_base.empty()) {
      const std::string base = copy.index == 0 ? resources.output_base
                                               : fmt::format("{}.copy{}", resources.output_base, copy.index);
      w.stdout_path = base + ".stdout";
      w.stderr_path = base + ".stderr";
    }
    return w;
  }

  void derive(const Params&, const WindowOutcome& outcome, const RunResources&,
              RunRecord& run) const override {
    MetricValues& values = run.values;
    values.set("elapsed_s", outcome.window_s);
    if (outcome.cpu_s && outcome.window_s > 0)
      values.set("cpu_pct", *outcome.cpu_s / outcome.window_s * 100);
  }
};

}  // namespace

std::unique_ptr<Workload> make_command_workload() { return std::make_unique<CommandWorkload>(); }

}  // namespace schedlab
