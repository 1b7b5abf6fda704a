#pragma once
// One command of `schedlab`: its file declares its options on the
// top-level app with add_<command>(app, context) and returns what to do
// once the command line has parsed.  app.cpp only lists the commands.
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include <CLI/CLI.hpp>

#include "workloads/builtin.h"

namespace schedlab {

// What every command may use besides its own options.
struct CommandContext {
  // The built-in workloads and probes, made once in run_app and passed down.
  const WorkloadRegistry& workloads;
  const ProbeList& probes;
  Registries registries() const { return {workloads, probes}; }
  // The command line as typed, recorded in every result set (for `suite`,
  // the `schedlab run ...` line that reproduces the set).
  std::vector<std::string> argv;
  // --dry-run, anywhere before a "--": check everything, print the plan and
  // exit 0; nothing is measured, changed or written (cli/app.cpp).
  bool dry_run = false;
};

// What a command does under --dry-run: one that only reads stops once its
// command line has parsed and been validated (app.cpp says so); one that
// would change the system or measure prints its plan and honours
// context.dry_run itself — a test requires it of every such command.
enum class DryRun { kReadsOnly, kPlans };

// What a command declared: its CLI11 subcommand and its work, which returns
// the exit status and throws schedlab::Error / Interrupted on failure.
struct Command {
  CLI::App* app = nullptr;
  std::function<int()> action;
  // The exit status of bad input to this command: 2, or 255 for `check`
  // (git bisect run stops on 255 instead of marking a commit bad).
  int usage_status = 2;
  // Whether it changes the system (run, check, suite, kernels): those first
  // undo what a dead run left; the others only say that it is needed.
  bool changes_system = false;
  DryRun dry_run = DryRun::kReadsOnly;
};

using AddCommand = Command (*)(CLI::App& app, const CommandContext& context);

Command add_run(CLI::App& app, const CommandContext& context);
Command add_list(CLI::App& app, const CommandContext& context);
Command add_restore(CLI::App& app, const CommandContext& context);
Command add_compare(CLI::App& app, const CommandContext& context);
Command add_check(CLI::App& app, const CommandContext& context);
Command add_plan(CLI::App& app, const CommandContext& context);
Command add_suite(CLI::App& app, const CommandContext& context);
Command add_kernels(CLI::App& app, const CommandContext& context);
Command add_bisect(CLI::App& app, const CommandContext& context);
Command add_env(CLI::App& app, const CommandContext& context);
Command add_import(CLI::App& app, const CommandContext& context);
Command add_export(CLI::App& app, const CommandContext& context);
Command add_history(CLI::App& app, const CommandContext& context);
Command add_trend(CLI::App& app, const CommandContext& context);
Command add_report(CLI::App& app, const CommandContext& context);
Command add_lava(CLI::App& app, const CommandContext& context);  // lava job|collect (cli/lava_command.cpp)

// Every command in the order `schedlab --help` lists them.
const std::vector<AddCommand>& all_commands();

}  // namespace schedlab
