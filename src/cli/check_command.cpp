// `schedlab check --baseline GOOD.json [--bad BAD.json] [--threshold PCT]
// [--max-runs N] [--json FILE] [--trust-baseline] [--no-wait]
// [--interleave GOOD]` for `git bisect run`: re-runs the baseline's workload
// and scenario in batches until the verdict is clear, then exits 0 (good),
// 1 (bad) or 125 (cannot tell, cannot run).  Sequentially against the
// baseline's runs (flows/check_sequential.cpp), or interleaved with the good
// program re-measured now (flows/check_interleave.cpp).  Bad input —
// including a baseline file a library cannot read — exits 255, so that git
// bisect run stops instead of marking a commit bad.
// A baseline is code: it is checked like a command line, what it will run
// and change is printed first, and a command, sysctls or sched features
// taken from a file need --trust-baseline.
#include <iostream>

#include "check/verdict.h"
#include "cli/check_kernel.h"
#include "cli/check_kernel_pair.h"
#include "cli/command.h"
#include "cli/command_options.h"
#include "cli/commands.h"
#include "cli/store_options.h"
#include "core/error.h"
#include "flows/check.h"
#include "grid/lava_report.h"

namespace schedlab {
namespace {

CheckArgs parse_args(const CheckOptions& o, const std::vector<std::string>& argv) {
  CheckArgs a{o.baseline, o.bad, o.json, o.interleave, to_store_choice(o.store)};
  a.trust = o.trust_baseline;
  a.no_wait = o.no_wait;
  a.emulated_ok = o.emulated_ok;
  a.argv = argv;
  if (o.lava) {
    if (!o.kernel.empty()) throw UsageError("--lava", "", "check on this host (--kernel boots a guest)");
    if (!o.dry_run) a.lava_tool = grid::find_lava_test_case();  // a dry run checks the line anywhere
    a.store = to_store_choice(lava_store_texts(o.store));
  }
  a.threshold = real_of(command_option("--threshold", "check"), "--threshold", o.threshold);
  a.max_runs = static_cast<int>(whole_of(command_option("--max-runs", "check"), "--max-runs", o.max_runs));
  if (!o.kernel_config.empty() && o.kernel.empty())
    throw UsageError("--config", o.kernel_config, "a --kernel to go with it (the .config of the kernel a guest boots)");
  if (!a.interleave.empty() && !a.bad.empty())
    throw UsageError("--interleave decides against --threshold from the blocks it measures; --bad needs the "
                     "recorded baselines: give one or the other");
  return a;
}

// --good-kernel: the step judged beside the good kernel, boots interleaved.
KernelPairCheck pair_check(const CheckOptions& o, const CheckArgs& a) {
  if (!o.bad.empty()) throw UsageError("--bad: not with --good-kernel (the good kernel is measured again)");
  if (!o.interleave.empty()) throw UsageError("--interleave: not with --good-kernel (it interleaves kernels)");
  const auto boots = whole_of(command_option("--max-boots", "check"), "--max-boots", o.max_boots);
  KernelPairCheck c;
  c.step_kernel = o.kernel;
  c.good_kernel = o.good_kernel;
  c.threshold_pct = a.threshold;
  c.max_blocks = static_cast<int>(boots);
  c.emulated_ok = o.emulated_ok;
  c.side_by_side = side_by_side_choice(o.side_by_side, o.one_at_a_time);
  c.trust_kernel = o.trust_kernel;
  c.dry_run = o.dry_run;
  c.json = o.json;
  c.store = o.store;
  c.argv = a.argv;
  return c;
}

}  // namespace

int check_command(const Registries& registries, const CheckOptions& options,
                  const std::vector<std::string>& argv) {
  CheckArgs a;
  Loaded loaded;
  std::optional<GuestCheck> in_guest;
  try {
    a = parse_args(options, argv);
    if (!options.good_kernel.empty())
      return check_kernel_pair(registries, pair_check(options, a), options.baseline, options.guest_clock);
    if (!options.guest_clock.empty())
      throw UsageError("--guest-clock: goes with --good-kernel (a guest check alone runs the baseline's clock)");
    if (!options.kernel.empty()) in_guest = prepare_guest_check(registries, options, argv);
    else load_check(registries, a, loaded);
    if (!in_guest) describe_check_plan(loaded, a);
    if (options.dry_run) {
      std::cout << "dry run: the baseline and the spec checked; nothing measured, changed or written\n";
      return 0;
    }
  } catch (const Interrupted&) {
    throw;
  } catch (const std::exception& e) {  // UsageError, and whatever a malformed file made a library throw
    std::cerr << "schedlab: " << e.what() << " (check exits 255 so that git bisect run stops)\n";
    return kCheckUsageExit;
  }
  if (in_guest) return run_guest_check(registries.workloads, *in_guest);
  return measure_check(a, loaded);
}

Command add_check(CLI::App& app, const CommandContext& context) {
  auto o = std::make_shared<CheckOptions>();
  auto* check = app.add_subcommand("check", "for git bisect run: re-run the baseline's spec; exit 0 "
                                            "good, 1 bad, 125 cannot tell");
  // Each bound to its declaration: its judge's in cli/command_option_entries.cpp,
  // a guest check's in cli/guest_option_entries.cpp.
  for (auto [name, target] : {std::pair{"--baseline", &o->baseline}, {"--bad", &o->bad}, {"--threshold", &o->threshold},
                                {"--max-runs", &o->max_runs}, {"--json", &o->json}, {"--kernel", &o->kernel},
                                {"--good-kernel", &o->good_kernel}, {"--max-boots", &o->max_boots},
                                {"--guest-clock", &o->guest_clock}, {"--config", &o->kernel_config},
                                {"--interleave", &o->interleave}})
    bind_option(*check, "check", name, *target);
  for (auto [name, target] : {std::pair{"--trust-baseline", &o->trust_baseline}, {"--emulated-ok", &o->emulated_ok},
                                {"--side-by-side", &o->side_by_side}, {"--one-at-a-time", &o->one_at_a_time},
                                {"--trust-kernel", &o->trust_kernel}, {"--no-wait", &o->no_wait}, {"--lava", &o->lava}})
    bind_option(*check, "check", name, *target);
  add_store_options(*check, o->store, true);
  return {check,
          [o, &context] {
            o->dry_run = context.dry_run;
            return check_command(context.registries(), *o, context.argv);
          },
          255, true, DryRun::kPlans};
}

}  // namespace schedlab
