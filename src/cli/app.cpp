#include <fmt/format.h>
#include <fmt/ranges.h>

#include <CLI/CLI.hpp>
#include <algorithm>
#include <iostream>

#include "cli/command.h"
#include "cli/commands.h"
#include "cli/help_formatter.h"
#include "cli/reference/reference_output.h"
#include "cli/run_app.h"
#include "core/error.h"
#include "core/registry.h"
#include "core/secrets.h"
#include "core/terminal_text.h"
#include "core/version.h"
#include "sys/signals.h"

namespace schedlab {
namespace {

// "schedlab bogus" gets the command list, not CLI11's "A subcommand is required".
void reject_unknown_command(const CLI::App& app, int argc, char** argv) {
  if (argc < 2 || argv[1][0] == '-') return;
  std::vector<std::string> names;
  for (const auto* sub : app.get_subcommands({})) names.push_back(sub->get_name());
  if (std::find(names.begin(), names.end(), argv[1]) != names.end()) return;
  std::string guess;
  for (const auto& n : names)
    if (edit_distance(argv[1], n) < 3) guess = fmt::format(" (did you mean '{}'?)", n);
  throw UsageError(fmt::format("unknown command '{}'{}; commands: {} (see 'schedlab --help')", argv[1],
                               guess, fmt::join(names, ", ")));
}

void set_up_app(CLI::App& app) {
  use_wrapping_help(app);
  app.set_version_flag("--version", fmt::format("schedlab {} ({})", tool_version(), tool_git_sha()));
  app.require_subcommand(1);
  // Taken out of the line before parsing (take_dry_run); declared for --help.
  app.add_flag("--dry-run")->description("with any command: check the command line (and, for commands that measure or "
                            "change the system, the machine), print the plan and exit 0 without measuring, "
                            "changing or writing anything");
}

// Bad input on the command line: exit 2, or the command's own status for it
// (check's 255, so that git bisect run stops instead of marking a commit bad).
int refuse_usage(const std::vector<Command>& commands, int argc, char** argv, const std::string& why) {
  for (const auto& c : commands)
    if (c.usage_status != 2 && argc > 1 && c.app->get_name() == argv[1]) {
      std::cerr << fmt::format("schedlab: {} ({} exits {} so that git bisect run stops)\n", redact_secrets(why),
                               argv[1], c.usage_status);
      return c.usage_status;
    }
  throw UsageError(why);
}

const Command& parsed_command(const std::vector<Command>& commands) {
  for (const auto& c : commands)
    if (c.app->parsed()) return c;
  throw std::logic_error("no command was parsed");
}

// --dry-run belongs to every command, so it is taken out of the command line
// before any command's parser sees it (run and kernels hand the rest of their
// line to their own parsers), and only before a "--": after it, the words are
// a measured command's.
bool take_dry_run(std::vector<char*>& args) {
  bool found = false;
  for (auto it = args.begin(); it != args.end() && std::string_view(*it) != "--";)
    if (std::string_view(*it) == "--dry-run") {
      it = args.erase(it);
      found = true;
    } else {
      ++it;
    }
  return found;
}

int dispatch(int argc_given, char** argv_given, const WorkloadRegistry& workloads, const ProbeList& probes) {
  CLI::App app{"schedlab: reproduce, measure and compare Linux scheduler and process-lifecycle regressions",
               "schedlab"};
  set_up_app(app);
  std::vector<char*> args(argv_given, argv_given + argc_given);
  const bool dry_run = take_dry_run(args);
  const int argc = static_cast<int>(args.size());
  char** argv = args.data();
  const CommandContext context{workloads, probes, {argv_given, argv_given + argc_given}, dry_run};
  std::vector<Command> commands;
  for (AddCommand add : all_commands()) commands.push_back(add(app, context));
  if (auto status = reference::print_reference(app, workloads, argc, argv)) return *status;
  reject_unknown_command(app, argc, argv);
  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    if (e.get_exit_code() == 0) return app.exit(e);
    return refuse_usage(commands, argc, argv, std::string(e.what()) + " (see 'schedlab --help')");
  } catch (const UsageError& e) {  // our own validators' (cli/path_options.h)
    return refuse_usage(commands, argc, argv, e.what());
  }
  const Command& command = parsed_command(commands);
  if (dry_run && command.dry_run == DryRun::kReadsOnly) {
    std::cout << fmt::format("dry run: the command line is valid; '{}' only reads, so nothing more is done\n",
                             command.app->get_name());
    return 0;
  }
  // Commands that change the system undo what a dead run left when their
  // Session starts (session/session.h); the read-only ones never touch the
  // system and only say that it is needed.
  if (!command.changes_system && command.app->get_name() != "restore") hint_leftovers();
  return command.action();
}

}  // namespace

const std::vector<AddCommand>& all_commands() {
  static const std::vector<AddCommand> kCommands{
      add_run,  add_list,   add_restore, add_compare, add_check,   add_plan,  add_suite,
      add_kernels, add_bisect, add_env, add_import, add_export, add_history, add_trend, add_report, add_lava};
  return kCommands;
}

int run_app(int argc, char** argv) {
  sys::ignore_sigpipe();
  const TerminalSafeOutput safe_output;  // every byte to stdout and stderr, error messages included
  try {
    const auto workloads = builtin_workloads();
    const auto probes = builtin_probes();
    return dispatch(argc, argv, workloads, probes);
  } catch (const Interrupted& e) {
    std::cerr << fmt::format("schedlab: interrupted by SIG{}{}\n", sigabbrev_np(e.signal_number()),
                             e.runs_kept() ? "; completed runs were kept" : "");
    return 128 + e.signal_number();
  } catch (const Error& e) {  // a message may quote a --store URL: masked here, the one way out
    std::cerr << "schedlab: " << redact_secrets(e.what()) << "\n";
    return static_cast<int>(e.status());
  } catch (const std::exception& e) {
    std::cerr << "schedlab: internal error: " << redact_secrets(e.what()) << "\n";
    return 70;
  }
}

}  // namespace schedlab
