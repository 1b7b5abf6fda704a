#include <fmt/format.h>
#include <fmt/ranges.h>

#include <CLI/CLI.hpp>
#include <algorithm>
#include <iostream>

#include "cli/commands.h"
#include "cli/help_formatter.h"
#include "cli/lava_command.h"
#include "cli/reference/reference_output.h"
#include "cli/report_command.h"
#include "cli/store_commands.h"
#include "core/error.h"
#include "core/registry.h"
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

std::string workload_names(const WorkloadRegistry& workloads) {
  std::vector<std::string> names;
  for (const auto& w : workloads.items()) names.push_back(w->info().name);
  return fmt::format("{}", fmt::join(names, ", "));
}

int dispatch(int argc, char** argv, const WorkloadRegistry& workloads) {
  CLI::App app{"schedlab: reproduce, measure and compare Linux scheduler and process-lifecycle "
               "regressions",
               "schedlab"};
  use_wrapping_help(app);
  app.set_version_flag("--version",
                       fmt::format("schedlab {} ({})", tool_version(), tool_git_sha()));
  app.require_subcommand(1);
  auto* run = app.add_subcommand("run", "run a workload: schedlab run WORKLOAD [options]; "
                                        "'schedlab run WORKLOAD --help' lists its options");
  run->prefix_command();
  run->footer("workloads: " + workload_names(workloads));
  bool list_probes = false;
  app.add_subcommand("list", "workloads, their options and metrics, and whether each runs here")
      ->add_flag("--probes", list_probes, "the probes instead: each available here or why not, its cost");
  app.add_subcommand("restore", "undo what an interrupted or killed run left behind (sysctls, "
                                "cgroups, sched features, mounts), from its journal");
  CompareArgs cmp;
  auto* compare = app.add_subcommand("compare", "compare result sets: the first is the baseline");
  compare->add_option("files", cmp.files, "result files, store selectors (@kernel=K, @label=L, @host=H, "
                                         "@id=N) or set ids")->required()->type_name("FILE|@SELECTOR...");
  compare->add_option("--workload", cmp.workload, "only the selectors' sets of this workload")->type_name("W");
  compare->add_option("--store", cmp.store, "the store the selectors read (default: $SCHEDLAB_STORE, else "
                                            "$XDG_DATA_HOME/schedlab/results.db)")->type_name("URL");
  compare->add_option("--style", cmp.style, "mmtests (default), lkp, markdown, csv or json");
  compare->add_option("--test", cmp.test, "welch (default), mwu or overlap");
  compare->add_option("--alpha", cmp.alpha, "significance level (default 0.05)");
  compare->add_flag("--paired", cmp.paired, "pair runs by --vary block (paired t-test)");
  compare->add_option("--metrics", cmp.metrics, "metrics to compare, comma-separated (default: "
                                                "primary, CPU split, rusage)");
  compare->add_flag("--force", cmp.force, "compare even when the workload specs differ");
  compare->add_flag("--all", cmp.all, "compare every metric the sets recorded");
  compare->add_flag("--notes", cmp.notes, "print every note in full below the table");
  CheckOptions chk;
  auto* check = app.add_subcommand("check", "for git bisect run: re-run the baseline's spec; exit 0 "
                                            "good, 1 bad, 125 cannot tell");
  check->add_option("--baseline", chk.baseline, "result file of the good kernel")->required();
  check->add_option("--bad", chk.bad, "result file of the bad kernel (optional)");
  check->add_option("--threshold", chk.threshold, "percent loss of the primary metric that is bad (default 5)");
  check->add_option("--max-runs", chk.max_runs, "most runs before giving up with 125 (default 15)");
  check->add_option("--json", chk.json, "write the evidence (runs, change, interval, verdict)");
  check->add_flag("--trust-baseline", chk.trust_baseline,
                  "run what the baseline asks even when it is a command or changes sysctls or sched "
                  "features (a baseline file is code)");
  check->add_option("--kernel", chk.kernel, "boot this kernel in a guest shaped like the baseline's and judge it "
                                           "there (the baseline comes from schedlab kernels)")
      ->type_name("VMLINUZ[:INITRD]");
  check->add_flag("--no-wait", chk.no_wait, "exit 125 instead of waiting for another run's global controls");
  check->add_flag("--lava", chk.lava, "in a LAVA test shell: report the verdict and the runs with lava-test-case "
                                      "and print them into the job's log (see schedlab lava job)");
  add_store_options(*check, chk.store, true);
  PlanOptions plan_options;
  auto* plan = app.add_subcommand("plan", "how many runs are needed to detect a change on this machine, "
                                          "from a result's spread");
  plan->add_option("--detect", plan_options.detect, "the change to detect, e.g. 2%")->required();
  plan->add_option("--from", plan_options.from, "a result file measured on this machine")->required();
  plan->add_option("--alpha", plan_options.alpha, "significance level (default 0.05)");
  plan->add_option("--power", plan_options.power, "power (default 0.8)");
  plan->add_option("--metric", plan_options.metric, "metric (default: the primary metric)");
  std::string suite_name, suite_scale = "quick", suite_json;
  auto* suite = app.add_subcommand("suite", "named bundles: quick (every workload briefly), lkml "
                                            "(the four reported regressions' scenarios)");
  suite->add_option("name", suite_name, "quick or lkml")->required();
  suite->add_option("--scale", suite_scale, "lkml: quick (default) or full");
  suite->add_option("--json", suite_json, "keep every result file in this directory");
  std::string suite_kernel_list;
  suite->add_option("--kernels", suite_kernel_list, "lkml: run each scenario on these kernels in QEMU guests, "
                                                "boots interleaved (see schedlab kernels)")
      ->type_name("[NAME=]VMLINUZ[:INITRD],...");
  bool suite_lava = false;
  suite->add_flag("--lava", suite_lava, "in a LAVA test shell: report each set with lava-test-case and print each "
                                       "result file into the job's log (see schedlab lava job)");
  StoreOptionTexts suite_store;
  add_store_options(*suite, suite_store, true);
  auto* kernels = app.add_subcommand("kernels", "boot kernels in QEMU guests and run a spec in each, boots "
                                                "interleaved: schedlab kernels --kernel NAME=VMLINUZ ... -- run "
                                                "WORKLOAD [options]; see 'schedlab kernels --help'");
  kernels->prefix_command();
  kernels->set_help_flag();  // its --help is kernels_command's own, which knows the options
  bool env_json = false;
  app.add_subcommand("env", "the environment fingerprint every result embeds")
      ->add_flag("--json", env_json, "print it as JSON");
  const StoreCommands store_commands(app);
  const ReportCommand report(app);
  const auto lava = add_lava(app, workloads);
  if (auto status = reference::print_reference(app, workloads, argc, argv)) return *status;
  reject_unknown_command(app, argc, argv);
  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    if (e.get_exit_code() == 0) return app.exit(e);
    if (argc > 1 && std::string(argv[1]) == "check") {  // git bisect run: stop, do not mark bad
      std::cerr << "schedlab: " << e.what() << " (check exits 255 so that git bisect run stops)\n";
      return 255;
    }
    throw UsageError(std::string(e.what()) + " (see 'schedlab --help')");
  }
  if (app.got_subcommand("restore")) return restore_command();
  // Commands that change the system first undo what a dead run left; the
  // read-only ones never touch the system and only say that it is needed.
  if (run->parsed() || suite->parsed() || check->parsed() || kernels->parsed()) restore_leftovers();
  else hint_leftovers();
  if (auto status = store_commands.run()) return *status;
  if (auto status = report.run()) return *status;
  if (auto status = lava()) return *status;
  const std::vector<std::string> argv_record(argv, argv + argc);
  if (run->parsed()) return run_command(workloads, run->remaining(), argv_record);
  if (kernels->parsed()) return kernels_command(workloads, kernels->remaining(), argv_record);
  if (suite->parsed()) return suite_command(workloads, suite_name, suite_scale, suite_json, suite_store,
                                              suite_kernel_list, suite_lava);
  if (check->parsed()) return check_command(workloads, chk, argv_record);
  if (compare->parsed())
    return compare_command(cmp);
  if (plan->parsed()) return plan_command(plan_options);
  if (app.got_subcommand("list")) return list_probes ? list_probes_command() : list_command(workloads);
  return env_command(env_json);
}

}  // namespace

int run_app(int argc, char** argv) {
  sys::ignore_sigpipe();
  try {
    const auto workloads = builtin_workloads();
    return dispatch(argc, argv, workloads);
  } catch (const Interrupted& e) {
    std::cerr << fmt::format("schedlab: interrupted by SIG{}; completed runs were kept\n",
                             sigabbrev_np(e.signal_number()));
    return 128 + e.signal_number();
  } catch (const Error& e) {
    std::cerr << "schedlab: " << e.what() << "\n";
    return static_cast<int>(e.status());
  } catch (const std::exception& e) {
    std::cerr << "schedlab: internal error: " << e.what() << "\n";
    return 70;
  }
}

}  // namespace schedlab
