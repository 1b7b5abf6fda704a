// `schedlab bisect --tree DIR --good REV --bad REV [options] -- run WORKLOAD
// [options]`: from a report to the commit.  The command line bound to the
// bisect flow's typed request (flows/bisect.h), the spec parsed once, and
// the outcome printed: the first bad commit and every step.  `--resume`
// continues after an interruption.
#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <iostream>

#include "cli/bisect_options.h"
#include "cli/command.h"
#include "cli/commands.h"
#include "cli/run_parse.h"
#include "core/error.h"
#include "flows/bisect.h"

namespace schedlab {
namespace {

// The spec's words (run WORKLOAD ...), parsed as a guest would run them;
// nullopt when its --help was shown.
std::optional<GuestSpec> parse_spec(const Registries& registries, const std::vector<std::string>& spec) {
  return parse_guest_spec(registries, {spec.begin() + 1, spec.end()});
}

// The steps, as a table that fits 80 columns.
std::string steps_table(const BisectState& s) {
  std::string out = fmt::format("{:>4}  {:<12}  {:<7} {:<25} {:>6} {:>7} {:>7}\n", "step", "commit", "verdict",
                                "change [95% interval]", "boots", "build s", "judge s");
  int i = 0;
  for (const auto& step : s.steps)
    out += fmt::format("{:>4}  {:<12}  {:<7} {:<25} {:>6} {:>7.0f} {:>7.0f}\n", ++i, step.commit.substr(0, 12),
                       step.verdict, step_change_text(step), step.boots, step.build_s, step.judge_s);
  for (const auto& step : s.steps)
    if (!step.why.empty()) out += fmt::format("  {} {}: {}\n", step.commit.substr(0, 12), step.verdict, step.why);
  return out;
}

// The end: the commit (or why there is none) and every step; 0, or 125
// when skipped commits surround it.
int report(const BisectOutcome& o) {
  std::cout << "\n" << steps_table(o.state) << "\n";
  if (!o.first_bad) {
    std::cout << "no single first bad commit: skipped commits surround it; git said:\n" << o.git_answer;
    return 125;
  }
  std::cout << fmt::format("first bad commit: {} {}{}\n", *o.first_bad, o.first_bad_subject,
                           !o.emulated ? ""
                           : o.counted ? " (judged under emulation: QEMU's TCG, the guests counting instructions)"
                                       : " (judged under emulation: QEMU's TCG)");
  return 0;
}

int resume(const Registries& registries, const BisectTexts& t) {
  BisectState s = bisect_in_progress(t.tree);
  const auto spec = parse_spec(registries, s.spec);
  if (!spec) return 0;  // the spec's --help was shown
  return report(resume_bisect(registries.workloads, t.tree, std::move(s), *spec));
}

}  // namespace

int bisect_command(const Registries& registries, const std::vector<std::string>& args, bool dry_run) {
  const auto [options, spec] = split_at_dashes(args);
  BisectCommandLine line;
  if (!parse_or_help(line.app, options, "schedlab bisect --help")) return 0;
  const BisectTexts& t = line.texts;
  if (t.tree.empty()) throw UsageError("--tree: the kernel's git work tree is needed");
  if (t.resume) return resume(registries, t);
  BisectState checked = check_bisect_options(t, spec);
  auto guest_spec = parse_spec(registries, spec);  // the spec, as a guest would run it
  if (!guest_spec) return 0;                      // its --help was shown
  if (dry_run) {  // the tree is not read: no checkout, no git at all
    std::cout << fmt::format("dry run: would bisect {}..{} in {}, each step built ({}) and judged beside the good "
                             "kernel, boots interleaved: {}\n", t.good, t.bad, t.tree,
                             checked.build_cmd.empty() ? "make O=DIR" : checked.build_cmd, fmt::join(checked.spec, " "));
    return 0;
  }
  return report(start_bisect(registries.workloads, {t, std::move(checked), std::move(*guest_spec)}));
}

Command add_bisect(CLI::App& app, const CommandContext& context) {
  auto* bisect = app.add_subcommand("bisect", "find the commit: build, boot and judge every step beside the good "
                                              "kernel: schedlab bisect --tree DIR --good REV --bad REV -- run "
                                              "WORKLOAD [options]; see 'schedlab bisect --help'");
  bisect->prefix_command();
  bisect->set_help_flag();  // its --help is BisectCommandLine's
  return {bisect, [bisect, &context] { return bisect_command(context.registries(), bisect->remaining(), context.dry_run); },
          2, true, DryRun::kPlans};
}

}  // namespace schedlab
