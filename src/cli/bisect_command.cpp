// `schedlab bisect --tree DIR --good REV --bad REV [options] -- run WORKLOAD
// [options]`: from a report to the commit.  It runs `git bisect` itself; at
// each step it builds the checked-out commit's kernel, judges it beside the
// good revision's kernel (built once) with the paired step judge — boots of
// the two alternating in randomized blocks, the paired sequential test on
// the boots (cli/check_kernel_pair.h) — and marks the commit good, bad or
// skip.  At the end it prints the first bad commit and every step, and
// leaves the tree as it was found.  `--resume` continues after an
// interruption, from git's bisect state and the steps kept beside it
// (flows/bisect_state.h).
#include <fmt/format.h>
#include <fmt/ranges.h>
#include <unistd.h>

#include <chrono>
#include <filesystem>
#include <iostream>
#include <thread>

#include "flows/bisect_build.h"
#include "flows/bisect_git.h"
#include "cli/bisect_options.h"
#include "flows/bisect_state.h"
#include "flows/check_flow.h"
#include "cli/check_kernel_pair.h"
#include "cli/command.h"
#include "cli/commands.h"
#include "cli/kernels_options.h"
#include "cli/run_parse.h"
#include "core/error.h"
#include "core/sha256.h"
#include "core/whole_number.h"
#include "guest/initramfs.h"
#include "input/files.h"
#include "input/numbers.h"
#include "session/session.h"

namespace schedlab {
namespace {

namespace fs = std::filesystem;

std::pair<std::vector<std::string>, std::vector<std::string>> split_at_dashes(const std::vector<std::string>& args) {
  const auto dash = std::find(args.begin(), args.end(), "--");
  if (dash == args.end()) return {args, {}};
  return {{args.begin(), dash}, {dash + 1, args.end()}};
}

double parse_threshold(const std::string& text) {
  if (const auto v = input::parse_real(text); v && *v > 0 && *v < 100) return *v;
  throw UsageError("--threshold", text, "a percentage above 0 and below 100");
}

// The bisect's own directory: the good kernel's image, the build logs and,
// by default, the build directory.  Per tree, under the cache.
std::string work_dir_for(const GitTree& tree) {
  const std::string base = guest::guest_cache_dir();
  const std::string name = sha256_hex(tree.dir()).substr(0, 16);
  return (fs::path(base) / "bisect" / name).string();
}

// The options and the spec, checked without reading the tree (all a dry
// run checks, as `kernels --dry-run` reads no kernel).
BisectState check_options(const WorkloadRegistry& workloads, const BisectTexts& t, const std::vector<std::string>& spec) {
  if (t.good.empty() || t.bad.empty()) throw UsageError("--good and --bad: both are needed to start a bisect");
  if (spec.empty() || spec.front() != "run")
    throw UsageError("bisect: the spec after '--' is missing: schedlab bisect --tree DIR --good REV --bad REV -- run "
                     "WORKLOAD [options]");
  if (!t.build_cmd.empty() && !t.config.empty())
    throw UsageError("--config: not with --build-cmd (the command builds the kernel its own way)");
  BisectState s;
  s.spec = spec;
  s.build_cmd = t.build_cmd;
  const auto jobs = parse_whole_number(t.jobs.empty() ? std::to_string(std::max(1u, std::thread::hardware_concurrency()))
                                                      : t.jobs, 1, 4096);
  if (!jobs) throw UsageError("--jobs", t.jobs, "a whole number from 1 to 4096");
  s.jobs = static_cast<int>(*jobs);
  s.threshold = parse_threshold(t.threshold);
  const auto boots = parse_whole_number(t.max_boots, 2, 1000);
  if (!boots) throw UsageError("--max-boots", t.max_boots, "a whole number from 2 to 1000");
  s.max_boots = static_cast<int>(*boots);
  s.emulated_ok = t.emulated_ok;
  s.side_by_side = side_by_side_choice(t.side_by_side, t.one_at_a_time);
  s.vcpus = t.vcpus;
  s.memory = t.memory;
  if (!t.accel.empty() && t.accel != "kvm" && t.accel != "tcg") throw UsageError("--accel", t.accel, "kvm or tcg");
  s.accel = t.accel;
  s.clock = t.clock;
  parse_guest_shape(s.vcpus, s.memory, "", "", s.clock);                  // the shape, checked on this host
  parse_guest_spec(workloads, {s.spec.begin() + 1, s.spec.end()});       // the spec, as a guest would run it
  return s;
}

// Everything a new bisect is checked for before it changes anything.
BisectState plan_new(const WorkloadRegistry& workloads, const BisectTexts& t, const std::vector<std::string>& spec,
                     const GitTree& tree) {
  BisectState s = check_options(workloads, t, spec);
  if (tree.bisecting() || read_bisect_state(tree.git_dir()))
    throw UsageError("--tree", tree.dir(), "a tree with no bisect in progress (schedlab bisect --resume --tree DIR "
                                           "continues one; git bisect reset ends it)");
  if (const auto dirty = tree.changes(); !dirty.empty())
    throw UsageError("--tree", tree.dir(), "a clean tree (git status shows changes: commit or stash them)");
  s.tree = tree.dir();
  s.good = tree.commit(t.good, "--good");
  s.bad = tree.commit(t.bad, "--bad");
  if (s.good == s.bad || !tree.is_ancestor(s.good, s.bad))
    throw UsageError("--good", t.good, fmt::format("an ancestor of --bad {}", t.bad));
  s.original_head = tree.head();
  if (!t.config.empty()) s.config = fs::canonical(t.config).string();
  s.work_dir = work_dir_for(tree);
  s.build_dir = t.build_dir.empty() ? s.work_dir + "/build" : fs::absolute(t.build_dir).string();
  return s;
}

KernelPairCheck step_check(const BisectState& s, const std::string& commit, const std::string& step_image) {
  KernelPairCheck c;
  c.step_kernel = step_image;
  c.step_name = "step-" + commit.substr(0, 12);
  c.good_kernel = s.good_image;
  c.run_args = s.spec;
  c.shape.vcpus = s.vcpus;
  c.shape.memory = s.memory;
  c.shape.accel = s.accel;
  c.shape.clock = s.clock;
  c.threshold_pct = s.threshold;
  c.max_blocks = s.max_boots;
  c.emulated_ok = s.emulated_ok;
  c.side_by_side = s.side_by_side;
  c.argv = {"schedlab", "bisect"};
  return c;
}

BuildRecipe recipe_of(const BisectState& s) {
  return {s.build_cmd, s.work_dir + "/step", s.config, s.build_dir, s.work_dir + "/logs", s.jobs};
}

// The good revision's kernel, built once and kept apart from the build
// directory the steps reuse.
void build_good_kernel(const GitTree& tree, BisectState& s, Session& session) {
  std::cerr << fmt::format("schedlab bisect: building the good revision {} ({})\n", s.good.substr(0, 12),
                           tree.subject(s.good));
  tree.checkout_detached(s.good);
  const BuiltKernel k = build_kernel(tree, recipe_of(s), s.good, session.gate());
  if (!k.ok) throw Error(ExitStatus::kWorkloadFailed, "the good revision does not build: " + k.why);
  std::error_code ec;
  fs::remove_all(s.work_dir + "/good", ec);
  s.good_image = keep_kernel(k.image, s.work_dir + "/good");
}


// One step: build what git checked out, judge it, mark it.  Returns git's
// answer to the mark.
std::string run_step(const WorkloadRegistry& workloads, const GitTree& tree, BisectState& s, Session& session) {
  BisectStep step;
  step.commit = tree.head_commit();
  step.subject = tree.subject(step.commit);
  const BuiltKernel k = build_kernel(tree, recipe_of(s), step.commit, session.gate());
  step.build_s = k.seconds;
  const auto judged_from = std::chrono::steady_clock::now();
  if (!k.ok) {
    step.verdict = "skip";
    step.why = "does not build: " + k.why;
  } else {
    const PairVerdict v = judge_kernel_pair(workloads, step_check(s, step.commit, k.image), session);
    step.verdict = v.exit == 0 ? "good" : v.exit == 1 ? "bad" : "skip";
    if (v.exit == kCheckSkipExit) step.why = v.line;
    if (v.decided_at_a_look) {
      step.change_pct = v.change_pct;
      step.low_pct = v.low_pct;
      step.high_pct = v.high_pct;
    }
    step.boots = static_cast<int>(v.blocks);
    step.emulated = v.emulated;
    step.counted = v.counted;
  }
  step.judge_s = std::chrono::duration<double>(std::chrono::steady_clock::now() - judged_from).count();
  std::string answer = tree.mark(step.verdict);
  s.steps.push_back(step);
  write_bisect_state(tree.git_dir(), s);
  return answer;
}

std::string step_change_text(const BisectStep& s) {
  if (!s.change_pct) return "-";
  return fmt::format("{:+.1f}% [{:+.1f}, {:+.1f}]", *s.change_pct, *s.low_pct, *s.high_pct);
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

// "step 3: 1a2b3c4d5e6f sched/fair: ... (about 2 steps after this; ~14 min left)"
void say_progress(const GitTree& tree, const BisectState& s, const std::string& answer) {
  double spent = 0;
  for (const auto& step : s.steps) spent += step.build_s + step.judge_s;
  const auto left = steps_left(answer);
  std::string eta;
  if (left && !s.steps.empty())
    eta = fmt::format("; ~{:.0f} min left", spent / static_cast<double>(s.steps.size()) * (*left + 1) / 60);
  const std::string head = tree.head_commit();
  std::cerr << fmt::format("schedlab bisect: step {}: {} {}{}{}\n", s.steps.size() + 1, head.substr(0, 12),
                           tree.subject(head), left ? fmt::format(" (about {} steps after this)", *left) : "", eta);
}

// The end: the commit (or why there is none), every step, the tree back.
int finish(const GitTree& tree, const BisectState& s, const std::string& answer) {
  const bool emulated = std::any_of(s.steps.begin(), s.steps.end(), [](const auto& x) { return x.emulated; });
  const bool counted = std::all_of(s.steps.begin(), s.steps.end(), [](const auto& x) { return x.counted; });
  std::cout << "\n" << steps_table(s) << "\n";
  int status = 0;
  if (const auto bad = first_bad_commit(answer)) {
    std::cout << fmt::format("first bad commit: {} {}{}\n", *bad, tree.subject(*bad),
                             !emulated ? ""
                             : counted ? " (judged under emulation: QEMU's TCG, the guests counting instructions)"
                                       : " (judged under emulation: QEMU's TCG)");
  } else {
    std::cout << "no single first bad commit: skipped commits surround it; git said:\n" << answer;
    status = 125;
  }
  tree.end_bisect(s.original_head);
  remove_bisect_state(tree.git_dir());
  return status;
}

int run_bisect(const WorkloadRegistry& workloads, const GitTree& tree, BisectState& s, Session& session,
               std::string answer) {
  for (;;) {
    if (first_bad_commit(answer) || only_skipped_left(answer)) return finish(tree, s, answer);
    say_progress(tree, s, answer);
    answer = run_step(workloads, tree, s, session);
    std::cerr << "schedlab bisect: " << s.steps.back().commit.substr(0, 12) << " is " << s.steps.back().verdict
              << (s.steps.back().change_pct ? " (" + step_change_text(s.steps.back()) + ")" : "") << "\n";
  }
}

// The options a bisect was started with, from its state.
BisectTexts texts_of(const BisectState& s) {
  BisectTexts t;
  t.tree = s.tree;
  t.good = s.good;
  t.bad = s.bad;
  t.config = s.config;
  t.jobs = std::to_string(s.jobs);
  t.build_cmd = s.build_cmd;
  t.build_dir = s.build_dir;
  t.threshold = fmt::format("{}", s.threshold);
  t.max_boots = std::to_string(s.max_boots);
  t.vcpus = s.vcpus;
  t.memory = s.memory;
  t.accel = s.accel;
  t.clock = s.clock;
  t.emulated_ok = s.emulated_ok;
  t.side_by_side = s.side_by_side.value_or(false);
  t.one_at_a_time = !s.side_by_side.value_or(true);
  return t;
}

int start_bisect(const WorkloadRegistry& workloads, const BisectTexts& t, const std::vector<std::string>& spec) {
  check_options(workloads, t, spec);
  if (!t.config.empty()) input::read_named_file(t.config, input::kKernelConfig);  // a regular file, within limits
  const GitTree tree(t.tree, "--tree");
  BisectState s = plan_new(workloads, t, spec, tree);
  Session session;
  write_bisect_state(tree.git_dir(), s);  // from here on, --resume knows where HEAD was
  try {
    build_good_kernel(tree, s, session);
    s.started = true;
    const std::string answer = tree.bisect({"start", s.bad, s.good});
    write_bisect_state(tree.git_dir(), s);
    return run_bisect(workloads, tree, s, session, answer);
  } catch (const Interrupted&) {
    if (!s.started) {  // nothing to resume: the tree goes back as it was
      tree.return_to(s.original_head);
      remove_bisect_state(tree.git_dir());
    } else {
      std::cerr << fmt::format("schedlab bisect: interrupted; schedlab bisect --resume --tree {} continues (git "
                               "bisect reset ends it)\n", tree.dir());
    }
    throw;
  } catch (const std::exception&) {
    if (s.started) tree.end_bisect(s.original_head);
    else tree.return_to(s.original_head);
    remove_bisect_state(tree.git_dir());
    throw;
  }
}

int resume(const WorkloadRegistry& workloads, const BisectTexts& t) {
  const GitTree tree(t.tree, "--tree");
  auto state = read_bisect_state(tree.git_dir());
  if (!state) throw UsageError("--resume", t.tree, "a tree with a schedlab bisect in progress (none is)");
  BisectState& s = *state;
  if (!s.started) {  // killed while the good kernel built: start over, as it was asked
    tree.return_to(s.original_head);
    remove_bisect_state(tree.git_dir());
    return start_bisect(workloads, texts_of(s), s.spec);
  }
  Session session;
  if (!tree.bisecting()) throw UsageError("--resume", t.tree, "a tree where git's bisect is still in progress");
  std::cerr << fmt::format("schedlab bisect: resuming after {} steps\n", s.steps.size());
  return run_bisect(workloads, tree, s, session, tree.bisect({"log"}));
}

}  // namespace

int bisect_command(const WorkloadRegistry& workloads, const std::vector<std::string>& args, bool dry_run) {
  const auto [options, spec] = split_at_dashes(args);
  BisectCommandLine line;
  if (!parse_or_help(line.app, options, "schedlab bisect --help")) return 0;
  const BisectTexts& t = line.texts;
  if (t.tree.empty()) throw UsageError("--tree: the kernel's git work tree is needed");
  if (t.resume) return resume(workloads, t);
  if (dry_run) {  // the tree is not read: no checkout, no git at all
    const BisectState s = check_options(workloads, t, spec);
    std::cout << fmt::format("dry run: would bisect {}..{} in {}, each step built ({}) and judged beside the good "
                             "kernel, boots interleaved: {}\n", t.good, t.bad, t.tree,
                             s.build_cmd.empty() ? "make O=DIR" : s.build_cmd, fmt::join(s.spec, " "));
    return 0;
  }
  return start_bisect(workloads, t, spec);
}

Command add_bisect(CLI::App& app, const CommandContext& context) {
  auto* bisect = app.add_subcommand("bisect", "find the commit: build, boot and judge every step beside the good "
                                              "kernel: schedlab bisect --tree DIR --good REV --bad REV -- run "
                                              "WORKLOAD [options]; see 'schedlab bisect --help'");
  bisect->prefix_command();
  bisect->set_help_flag();  // its --help is BisectCommandLine's
  return {bisect, [bisect, &context] { return bisect_command(context.workloads, bisect->remaining(), context.dry_run); },
          2, true, DryRun::kPlans};
}

}  // namespace schedlab
