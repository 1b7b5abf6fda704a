// shell: UnixBench shell1 / shell8 / shell16 at any number of copies.  One
// loop: a looper forks and execs the driver (through its #! line), which starts
// --concurrent instances of the script in the background and waits.  Loops
// in flight when the window closes are killed as whole process groups and
// not counted (UnixBench lets them run on as orphans).
#include <fmt/format.h>

#include <locale.h>

#include <filesystem>

#include "core/error.h"
#include "workloads/builtin.h"
#include "workloads/scratch_dir.h"
#include "workloads/shell_assets.h"

namespace schedlab {
namespace {

// Every instance runs: sh, sort, od, sort, grep, tee, wc, rm; plus the
// driver's own shell.  tests/integration/shell_test.cpp counts them with
// strace to keep this honest.
constexpr int kExecsPerInstance = 8;

class Shell final : public Workload {
 public:
  const WorkloadInfo& info() const override {
    static const WorkloadInfo kInfo{
        "shell",
        "run N concurrent shell scripts (sort, od, grep, tee, wc on a fixed text) per loop",
        "UnixBench shell1 / shell8 / shell16 (Shell Scripts)",
        {{.name = "concurrent", .kind = ParamKind::kInteger, .default_text = "8",
          .help = "scripts per loop (1, 8, 16 reproduce shell1, shell8, shell16)", .min = 1,
          .max = 4096},
         {.name = "shell", .kind = ParamKind::kProgram, .default_text = "/bin/sh",
          .help = "the shell that runs the driver and the scripts"},
         {.name = "shared-dir", .kind = ParamKind::kFlag,
          .help = "all copies work in one directory, as UnixBench's testdir/"},
         {.name = "locale", .kind = ParamKind::kText, .default_text = "en_US.utf8",
          .help = "LANG for the scripts, with every LC_* removed, as UnixBench's Run sets it (sort "
                  "and grep speed depend on it; where the locale is missing, libc falls back to C "
                  "after looking for it)",
          .absent_text = "C"}},
        {{"lpm", "loops/min", Better::kHigher, "loops completed per minute, summed over copies"},
         {"loops", "count", Better::kHigher, "loops completed inside the window, all copies"},
         {"execs_per_loop", "count", Better::kLower, "execve calls one loop makes (1 + 8 x concurrent)"}},
        "lpm",
        /*signal_at_stop=*/true,
        /*derived_params=*/{"shell_resolved", "locale_installed"},
        /*key_metrics=*/{},
        /*smoke_args=*/{"--concurrent", "1", "--duration", "1s"}};
    return kInfo;
  }

  // The pipeline's programs must be on PATH.
  std::optional<std::string> support_problem() const override {
    for (const char* program : {"sort", "od", "grep", "tee", "wc", "rm"}) {
      ParamSpec spec{.name = "shell", .kind = ParamKind::kProgram};
      try {
        parse_param(spec, program);
      } catch (const UsageError&) {
        return std::string(program) + " is not on PATH (install coreutils and grep)";
      }
    }
    return std::nullopt;
  }

  // What --shell is (dash and bash differ a lot) and whether --locale is
  // installed (a missing one costs every program a failed lookup first).
  void complete_params(Params& params, const ScenarioPlan&) const override {
    std::error_code ec;
    auto resolved = std::filesystem::canonical(params.text("shell"), ec);
    params.set("shell_resolved", ec ? params.text("shell") : resolved.string());
    locale_t l = newlocale(LC_ALL_MASK, params.text("locale").c_str(), static_cast<locale_t>(nullptr));
    params.set("locale_installed", l != static_cast<locale_t>(nullptr));
    if (l) freelocale(l);
  }

  // looper + driver + per script: its shell and up to three pipeline stages.
  int processes_per_copy(const Params& params) const override {
    return 2 + 4 * static_cast<int>(params.integer("concurrent"));
  }

  RunResources prepare_run(const Params& params, RunPrep& prep) const override {
    const std::string dir = make_scratch_dir("schedlab-shell", prep.journal, prep.guards);
    write_file(dir + "/script.sh", shell_script());
    write_file(dir + "/driver.sh", "#!" + params.text("shell") + "\n" + std::string(shell_driver()),
               /*executable=*/true);
    write_file(dir + "/input.txt", shell_input());
    if (params.flag("shared-dir")) std::filesystem::create_directory(dir + "/shared");
    return {prep.run_index, dir, ""};
  }

  WorkerArgs worker_args(const Params& params, const CopyPlacement& copy,
                         const RunResources& resources) const override {
    const std::string& dir = resources.dir;
    const std::string work = params.flag("shared-dir") ? dir + "/shared"
                                                       : fmt::format("{}/copy-{}", dir, copy.index);
    std::filesystem::create_directory(work);
    return {SL_MODE_LOOPER,
            {work, dir + "/driver.sh", std::to_string(params.integer("concurrent")), params.text("shell"),
             dir + "/script.sh", dir + "/input.txt", params.text("locale")}};
  }

  void derive(const Params& params, const WindowOutcome& outcome, const RunResources&,
              RunRecord& run) const override {
    MetricValues& values = run.values;
    const double loops = static_cast<double>(total_loops(outcome));
    values.set("lpm", outcome.window_s > 0 ? loops * 60 / outcome.window_s : 0);
    values.set("loops", loops);
    values.set("execs_per_loop",
               1 + kExecsPerInstance * static_cast<double>(params.integer("concurrent")));
  }
};

}  // namespace

std::unique_ptr<Workload> make_shell_workload() { return std::make_unique<Shell>(); }

}  // namespace schedlab
