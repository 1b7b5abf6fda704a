// exec: the shell_bench.sh loop (/bin/true 20000 times, pinned) and UnixBench
// sysexec.  One loop: fork (or vfork / posix_spawn) + execve PROGRAM + wait.
// --via-shell runs the literal bash loop instead, so our figure can be set
// beside the one in the mail.
#include <fmt/format.h>

#include <unistd.h>

#include <filesystem>
#include <numeric>

#include "core/error.h"
#include "sys/proc_files.h"
#include "workloads/builtin.h"

namespace schedlab {
namespace {

constexpr const char* kBash = "/bin/bash";

// Quotes one word for bash (single quotes; ' becomes '\'').
std::string shell_quote(const std::string& word) {
  std::string out = "'";
  for (char c : word) out += c == '\'' ? std::string("'\\''") : std::string(1, c);
  return out + "'";
}

std::vector<std::string> program_argv(const Params& params) {
  std::vector<std::string> argv{params.text("program")};
  for (auto& a : sys::split(params.text("args"), " \t")) argv.push_back(a);
  return argv;
}

class Exec final : public Workload {
 public:
  const WorkloadInfo& info() const override {
    static const WorkloadInfo kInfo{
        "exec",
        "fork+execve a program and wait for it, N times or for a duration",
        "shell_bench.sh (/bin/true 20000 times) and UnixBench sysexec",
        {{.name = "method", .kind = ParamKind::kChoice, .default_text = "fork",
          .help = "how the child is started", .choices = {"fork", "vfork", "posix_spawn"}},
         {.name = "program", .kind = ParamKind::kProgram, .default_text = "/bin/true",
          .help = "the program to execute"},
         {.name = "args", .kind = ParamKind::kText,
          .help = "its arguments, separated by spaces (no quoting)", .role = ParamRole::kCode},
         {.name = "iterations", .kind = ParamKind::kInteger, .default_text = "20000",
          .help = "execs per copy (ignored when --duration is given)", .min = 1,
          .max = 1'000'000'000},
         {.name = "via-shell", .kind = ParamKind::kFlag,
          .help = "run the literal bash loop 'for ((i = 0; i < N; i++)); do PROGRAM; done'",
          .role = ParamRole::kCode}},
        {{"exec_us", "us", Better::kLower,
          "wall time per exec (fork+execve+wait) of one copy: the copies' times summed / their execs summed"},
         {"elapsed_s", "s", Better::kLower, "wall time of the whole loop (slowest copy)"},
         {"execs", "count", Better::kHigher, "execs completed, all copies"}},
        "exec_us",
        /*signal_at_stop=*/false,
        /*derived_params=*/{},
        /*key_metrics=*/{},
        /*smoke_args=*/{"--iterations", "50"}};
    return kInfo;
  }

  std::optional<std::string> support_problem() const override {
    if (::access("/bin/true", X_OK) != 0) return "/bin/true, the default --program, is missing";
    return std::nullopt;
  }

  void validate(const Params& params, const ScenarioPlan&) const override {
    if (params.flag("via-shell") && ::access(kBash, X_OK) != 0)
      throw UsageError(fmt::format("--via-shell: needs {} (install bash)", kBash));
  }

  int processes_per_copy(const Params& params) const override {
    return params.flag("via-shell") ? 3 : 2;
  }

  // Without --duration each copy runs --iterations execs; --via-shell runs
  // the literal bash loop once, so it has neither a window nor a warmup.
  StopSupport stop_support(const Params& params) const override {
    if (params.flag("via-shell"))
      return {.window = false, .iterations_param = "iterations", .warmup = false,
              .why = "--via-shell runs the bash loop of --iterations once, as in the mail"};
    return {.iterations_param = "iterations"};
  }

  WorkerArgs worker_args(const Params& params, const CopyPlacement&,
                         const RunResources&) const override {
    if (params.flag("via-shell")) {
      std::string command;
      for (const auto& word : program_argv(params)) command += ' ' + shell_quote(word);
      return {SL_MODE_EXEC_SHELL,
              {kBash, fmt::format("for ((i = 0; i < {}; i++)); do{}; done",
                                  params.integer("iterations"), command)}};
    }
    WorkerArgs w{SL_MODE_EXEC, {params.text("method")}};
    for (auto& a : program_argv(params)) w.args.push_back(a);
    return w;
  }

  // exec_us is every copy's time over every copy's execs: the per-copy time
  // an exec takes, weighting each exec alike.  UnixBench reports sum of
  // counts / mean elapsed, so its time per exec per copy is sum of elapsed /
  // sum of counts, this very ratio; shell_bench.sh (one copy) is its loop's
  // time / 20000, the same.  A mean of the copies' own ratios instead weights
  // copies alike: in a window, a copy stalled to a few execs then counts as
  // much as one that did thousands, and its huge ratio takes the mean.
  void derive(const Params&, const WindowOutcome& outcome, const RunResources&,
              RunRecord& run) const override {
    MetricValues& values = run.values;
    double total_s = 0, slowest = 0;
    std::uint64_t execs = 0;
    for (size_t i = 0; i < outcome.loops.size(); ++i) {
      total_s += outcome.copy_window_s[i];
      slowest = std::max(slowest, outcome.copy_window_s[i]);
      execs += outcome.loops[i];
    }
    if (execs > 0) values.set("exec_us", total_s / static_cast<double>(execs) * 1e6);
    values.set("elapsed_s", slowest);
    values.set("execs", static_cast<double>(execs));
  }
};

}  // namespace

std::unique_ptr<Workload> make_exec_workload() { return std::make_unique<Exec>(); }

}  // namespace schedlab
